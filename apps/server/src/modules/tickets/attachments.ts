import { type TicketAttachment, UI_TEXT } from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { files, tickets } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { type Actor, accessIn } from '../../lib/tenancy.js';
import type { AttachableRecord, AttachableRecordReader } from '../files/index.js';
import { fileChangeEntry, isUnusedUpload, listAttachments } from '../files/index.js';
import { recordTicketActivity } from './activity.js';
import { canEditTicket, canReadTicket, canRemoveTicketFile } from './policy.js';
import { presentTicketAttachment } from './presenter.js';

/**
 * Tickets as records files attach to (files/record-access.ts): whoever may read the ticket may add
 * files and download them through signed links; removing one is for its uploader and whoever may
 * edit the ticket. Each added or removed file enters the ticket's history in the same transaction.
 */
export const readTicketForFiles: AttachableRecordReader = async (db, actor, id) => {
  const [ticket] = await db
    .select({
      id: tickets.id,
      organizationId: tickets.organizationId,
      createdBy: tickets.createdBy,
      assignedTo: tickets.assignedTo,
      status: tickets.status,
    })
    .from(tickets)
    .where(eq(tickets.id, id))
    .limit(1);
  if (!ticket) return null;
  const access = await accessIn(db, actor, ticket.organizationId);
  if (!canReadTicket(access, ticket)) return null;
  return {
    type: 'ticket',
    id: ticket.id,
    organizationId: ticket.organizationId,
    createdBy: ticket.createdBy,
    canAttach: true,
    canChange: canEditTicket(access, ticket),
    canRemove: (file) => canRemoveTicketFile(access, ticket, file),
    recordFileChange: (writer, actorId, change) =>
      recordTicketActivity(writer, ticket, actorId, [fileChangeEntry(change)]),
  };
};

/**
 * POST /api/tickets/{id}/attachments: attaches a file the caller uploaded through POST
 * /api/files/upload and has not attached anywhere (its key is the body's `filename`; 400 for an
 * unknown key, someone else's file or one already attached). The files row moves into the ticket's
 * organization, with the history entry, in one transaction.
 */
export async function attachUploadedFile(
  db: Database,
  actor: Actor,
  ticket: AttachableRecord,
  key: string,
): Promise<TicketAttachment> {
  const fileId = await db.transaction(async (tx) => {
    const [file] = await tx
      .update(files)
      .set({ organizationId: ticket.organizationId, recordType: 'ticket', recordId: ticket.id })
      .where(and(eq(files.key, key), eq(files.uploadedBy, actor.id), isUnusedUpload))
      .returning({ id: files.id, originalName: files.originalName });
    if (!file) throw badRequest(UI_TEXT.ticketFileNotYours);
    await ticket.recordFileChange?.(tx, actor.id, { kind: 'attachment_added', fileName: file.originalName });
    return file.id;
  });
  const attached = (await listAttachments(db, 'ticket', [ticket.id])).get(ticket.id) ?? [];
  const row = attached.find((file) => file.id === fileId);
  if (!row) throw new Error('The attachment just stored was not found');
  return presentTicketAttachment(row, ticket.canRemove(row));
}
