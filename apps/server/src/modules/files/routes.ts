import {
  downloadLinkSchema,
  envelope,
  errorResponse,
  fileInfoSchema,
  fileKeyParams,
  isInlineImageType,
  MESSAGES,
  messageEnvelope,
  SIGNED_URL_TTL_SECONDS,
  signedLinkQuery,
  uploadedFileSchema,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okMessage } from '../../lib/envelope.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { deleteFile, readFileInfo, requireReadableFile } from './access.js';
import { sendStoredFile } from './serve.js';
import { findFile, findUnattachedFile, keepUnattachedUpload } from './service.js';
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
        description: 'The stored type is sniffed from the content. Larger files are refused with 413.',
        consumes: ['multipart/form-data'],
        response: { 201: envelope(uploadedFileSchema), 413: errorResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const stored = await receiveUpload(request, app.storage);
      return reply.status(201).send(ok(await keepUnattachedUpload(app.db, app.storage, stored, user.id)));
    },
  );

  app.get(
    '/api/files/:key',
    {
      config: { public: true },
      schema: {
        operationId: 'getFile',
        tags,
        summary: 'A file attached to no record (an avatar, a logo), by its unguessable key',
        description: 'Images inline, everything else as an attachment. A file attached to a record is 404 here.',
        params: fileKeyParams,
      },
    },
    async (request, reply) => {
      const row = await findUnattachedFile(app.db, request.params.key);
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
        description: 'An attached file only for those who may read its record (else 404).',
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
        description: 'An attached file only for those who may read its record (else 404).',
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
          'Never a file attached to a record the caller cannot change (403); an attached file only for those who may read its record (else 404).',
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
}
