import {
  downloadLinkSchema,
  envelope,
  errorResponse,
  fileInfoSchema,
  fileKeyParams,
  idParams,
  isInlineImageType,
  MESSAGES,
  messageEnvelope,
  SIGNED_URL_TTL_SECONDS,
  signedLinkQuery,
  storageUsageSchema,
  uploadedFileSchema,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okMessage } from '../../lib/envelope.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { deleteFile, readFileInfo, requireReadableFile } from './access.js';
import { readStorageUsage, requireStorageLeft } from './quota.js';
import { sendStoredFile } from './serve.js';
import { findFile, findPublishedPicture, keepUnattachedUpload } from './service.js';
import { isValidSignedLink, SIGNED_FILE_PATH, signedFileUrl } from './signed-urls.js';
import { acceptUploads, receiveUpload } from './upload.js';

const tags = ['Files'];

export async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptUploads(app);

  app.post(
    '/api/files/upload',
    {
      schema: {
        operationId: 'uploadFile',
        tags,
        summary: 'Upload one file (multipart field "file", at most 10 MB)',
        description:
          "The stored type is sniffed from the content. Larger files, and files that would take the uploader's organization past its storage quota, are refused with 413 and nothing is stored. The upload is private to its uploader until a record takes it or it becomes a picture; one never used is deleted after 24 hours.",
        consumes: ['multipart/form-data'],
        response: { 201: envelope(uploadedFileSchema), 413: errorResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const quota = app.config.storageQuotaBytesPerOrganization;
      // Before the body is read: an organization at its quota stores nothing.
      await requireStorageLeft(app.db, quota, user.organizationId);
      const stored = await receiveUpload(request, app.storage);
      return reply.status(201).send(ok(await keepUnattachedUpload(app.db, app.storage, stored, user, quota)));
    },
  );

  app.get(
    '/api/files/:key',
    {
      config: { public: true },
      schema: {
        operationId: 'getFile',
        tags,
        summary: 'A picture (an avatar, a logo, a department image), by its unguessable key',
        description:
          'Images inline. Any other file (attached to a record, or an upload not yet used as a picture) is 404 here.',
        params: fileKeyParams,
      },
    },
    async (request, reply) => {
      const row = await findPublishedPicture(app.db, request.params.key);
      if (!row) throw notFound();
      const cacheControl = 'private, max-age=31536000, immutable';
      return sendStoredFile(reply, app.storage, row, {
        inline: isInlineImageType(row.contentType),
        cacheControl,
        missingMessage: MESSAGES.notFound,
      });
    },
  );

  app.get(
    '/api/files/info/:key',
    {
      schema: {
        operationId: 'getFileInfo',
        tags,
        summary: "A file's name, type, size, upload time and uploader",
        description:
          'An attached file only for those who may read its record, an upload not yet used only for its uploader (else 404).',
        params: fileKeyParams,
        response: { 200: envelope(fileInfoSchema) },
      },
    },
    async (request) => ok(await readFileInfo(app.db, requireUser(request), request.params.key)),
  );

  app.get(
    '/api/files/download/:key',
    {
      schema: {
        operationId: 'getFileDownloadUrl',
        tags,
        summary: `A link that downloads the file for ${SIGNED_URL_TTL_SECONDS / 60} minutes`,
        description:
          'An attached file only for those who may read its record, an upload not yet used only for its uploader (else 404).',
        params: fileKeyParams,
        response: { 200: envelope(downloadLinkSchema) },
      },
    },
    async (request) => {
      const { key } = request.params;
      await requireReadableFile(app.db, requireUser(request), key);
      return ok({ downloadUrl: signedFileUrl(app.config.fileUrlSecret, key) });
    },
  );

  app.get(
    `${SIGNED_FILE_PATH}/:key`,
    {
      // The signature is the credential: whoever was given the link may use it until it expires.
      config: { public: true },
      schema: {
        operationId: 'downloadSignedFile',
        tags,
        summary: 'Serves a file through a signed link from GET /api/files/download/{key}',
        description:
          'As an attachment, never cached; `inline=1` shows images and PDFs in the page. An invalid or expired link is 403.',
        params: fileKeyParams,
        querystring: signedLinkQuery,
        response: { 403: errorResponse },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { expires, signature, inline } = request.query;
      if (!expires || !signature || !isValidSignedLink(app.config.fileUrlSecret, key, Number(expires), signature)) {
        throw forbidden(MESSAGES.downloadLinkInvalid);
      }
      const row = await findFile(app.db, key);
      if (!row) throw notFound(MESSAGES.downloadLinkInvalid);
      return sendStoredFile(reply, app.storage, row, {
        inline: inline === '1',
        cacheControl: 'no-store',
        missingMessage: MESSAGES.downloadLinkInvalid,
      });
    },
  );

  app.delete(
    '/api/files/:key',
    {
      schema: {
        operationId: 'deleteFile',
        tags,
        summary: 'Delete a file: its uploader or an admin',
        description:
          'Never a file attached to a record the caller cannot change (403); an attached file only for those who may read its record, an upload not yet used only for its uploader (else 404).',
        params: fileKeyParams,
        response: { 200: messageEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const record = await deleteFile(app.db, app.storage, actor, request.params.key);
      record?.announceFileChange?.(app, actor.id);
      return okMessage(MESSAGES.fileDeleted);
    },
  );

  app.get(
    '/api/organizations/:id/storage',
    {
      schema: {
        operationId: 'getOrganizationStorage',
        tags: ['Organizations'],
        summary: "The bytes the organization's files take, against its storage quota (its org_admin, admin)",
        description:
          'Uploads past the quota are refused with 413. Counted: files attached to its records, and uploads by its people not yet used or used as pictures.',
        params: idParams,
        response: { 200: envelope(storageUsageSchema), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const quota = app.config.storageQuotaBytesPerOrganization;
      return ok(await readStorageUsage(app.db, requireUser(request), request.params.id, quota));
    },
  );
}
