import { type AttachmentRecordPath, attachmentEndpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, okMessage } from '../../lib/envelope.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { attachUpload, removeAttachment } from './attachments.js';
import { requireStorageLeft } from './quota.js';
import type { AttachableRecordReader } from './record-access.js';
import { acceptUploads, receiveUpload } from './upload.js';

export interface RecordAttachmentRoutes {
  /** The record's path under /api, e.g. tasks: its endpoints are `attachmentEndpoints(records)`. */
  records: AttachmentRecordPath;
  /** The kind's reader (files/record-access.ts). */
  read: AttachableRecordReader;
  /** The 404 message when the record is missing or not readable. */
  notFoundMessage: string;
}

/**
 * The attachment endpoints of one kind of record, with its rules from files/record-access.ts: a
 * record the caller cannot read is 404; so is a file of another record.
 */
export function recordAttachmentRoutes({ records, read, notFoundMessage }: RecordAttachmentRoutes) {
  const endpoints = attachmentEndpoints(records);
  const recordOr404 = async (app: FastifyInstance, actor: Actor, id: string) => {
    const found = await read(app.db, actor, id);
    if (!found) throw notFound(notFoundMessage);
    return found;
  };

  return async function attachmentRoutes(app: FastifyInstance) {
    await acceptUploads(app);

    addRoute(app, endpoints.add, async (request, reply) => {
      const actor = requireUser(request);
      // Checked before the body is read, so a refused upload stores nothing.
      const target = await recordOr404(app, actor, request.params.id);
      if (!target.canAttach) throw forbidden();
      const quota = app.config.storageQuotaBytesPerOrganization;
      await requireStorageLeft(app.db, quota, target.organizationId);
      const stored = await receiveUpload(request, app.storage);
      const attachment = await attachUpload(app.db, app.storage, actor, target, stored, quota);
      target.announceFileChange?.(request, actor.id);
      return reply.status(201).send(ok(attachment));
    });

    addRoute(app, endpoints.remove, async (request) => {
      const actor = requireUser(request);
      const target = await recordOr404(app, actor, request.params.id);
      await removeAttachment(app.db, app.storage, actor, target, request.params.attachmentId);
      target.announceFileChange?.(request, actor.id);
      return okMessage(UI_TEXT.attachmentRemoved);
    });
  };
}
