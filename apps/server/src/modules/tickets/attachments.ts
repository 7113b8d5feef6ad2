import { type TicketAttachment, UI_TEXT } from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import type { Actor } from '../../lib/tenancy.js';
import type { AttachableRecord, AttachableRecordReader } from '../files/index.js';
import { fileChangeEntry, isUnusedUpload, listAttachments } from '../files/index.js';
import { recordTicketActivity } from './activity.js';
import { canEditTicket, canRemoveTicketFile } from './policy.js';
import { presentTicketAttachment } from './presenter.js';
import { findReadableTicket } from './service.js';

/**
 * Tickets as records files attach to (files/record-access.ts): whoever reads the ticket (its read
 * rule, lib/read-rules readableTickets) may add files and download them through signed links;
 * removing one is for its uploader and whoever may edit the ticket. Each added or removed file
 * enters the ticket's history in the same transaction.
 */
export const readTicketForFiles: AttachableRecordReader = async (db, actor, id) => {
  const found = await findReadableTicket(db, actor, id);
  if (!found) return null;
  const { ticket, access } = found;
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
