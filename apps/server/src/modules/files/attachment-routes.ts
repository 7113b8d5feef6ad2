import {
  attachmentParams,
  attachmentSchema,
  envelope,
  errorResponse,
  idParams,
  MESSAGES,
  messageEnvelope,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okMessage } from '../../lib/envelope.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { attachUpload, removeAttachment } from './attachments.js';
import { requireStorageLeft } from './quota.js';
import type { AttachableRecordReader } from './record-access.js';
import { acceptUploads, receiveUpload } from './upload.js';

export interface RecordAttachmentRoutes {
  /** The kind's registered reader (files/record-access.ts). */
  read: AttachableRecordReader;
  /** The record's path, e.g. /api/tasks (the routes add /:id/attachments). */
  basePath: string;
  /** The record's name in operation ids and summaries, e.g. Task. */
  recordName: string;
  /** The 404 message when the record is missing or not readable. */
  notFoundMessage: string;
  tags: string[];
}

/**
 * POST {basePath}/{id}/attachments (multipart field "file") and DELETE
 * {basePath}/{id}/attachments/{attachmentId} for one kind of record, with its rules from
 * files/record-access.ts: a record the caller cannot read is 404; so is a file of another record.
 */
export function recordAttachmentRoutes({ read, basePath, recordName, notFoundMessage, tags }: RecordAttachmentRoutes) {
  const recordOr404 = async (app: FastifyInstance, actor: Actor, id: string) => {
    const found = await read(app.db, actor, id);
    if (!found) throw notFound(notFoundMessage);
    return found;
  };
  const record = recordName.toLowerCase();

  return async function attachmentRoutes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    await acceptUploads(app);

    app.post(
      `${basePath}/:id/attachments`,
      {
        schema: {
          operationId: `add${recordName}Attachment`,
          tags,
          summary: `Attach one file to a ${record} (multipart field "file", at most 10 MB)`,
          description: `Whoever may read the ${record} may attach files; the type is sniffed from the content. A file that would take the ${record}'s organization past its storage quota is refused with 413.`,
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 201: envelope(attachmentSchema), 403: errorResponse, 413: errorResponse },
        },
      },
      async (request, reply) => {
        const actor = requireUser(request);
        // Checked before the body is read, so a refused upload stores nothing.
        const target = await recordOr404(app, actor, request.params.id);
        if (!target.canAttach) throw forbidden();
        const quota = app.config.storageQuotaBytesPerOrganization;
        await requireStorageLeft(app.db, quota, target.organizationId);
        const stored = await receiveUpload(request, app.storage);
        const attachment = await attachUpload(app.db, app.storage, actor, target, stored, quota);
        target.announceFileChange?.(app, actor.id);
        return reply.status(201).send(ok(attachment));
      },
    );

    app.delete(
      `${basePath}/:id/attachments/:attachmentId`,
      {
        schema: {
          operationId: `remove${recordName}Attachment`,
          tags,
          summary: `Remove a file from a ${record}: its uploader, the ${record}'s creator, org_admin, admin`,
          params: attachmentParams,
          response: { 200: messageEnvelope, 403: errorResponse },
        },
      },
      async (request) => {
        const actor = requireUser(request);
        const target = await recordOr404(app, actor, request.params.id);
        await removeAttachment(app.db, app.storage, actor, target, request.params.attachmentId);
        target.announceFileChange?.(app, actor.id);
        return okMessage(MESSAGES.attachmentRemoved);
      },
    );
  };
}
