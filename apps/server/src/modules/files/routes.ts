import multipart from '@fastify/multipart';
import {
  envelope,
  errorResponse,
  fileKeyParams,
  isInlineImageType,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  uploadedFileSchema,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { discardUpload, findFile, storeUpload } from './service.js';

const tags = ['Files'];

export async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Multipart parsing (and its per-request hook) only where uploads are taken.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 } });

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
      const parts = request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })[Symbol.asyncIterator]();
      // The parser could not read the multipart body (no boundary, junk): the client's mistake.
      const nextPart = () => parts.next().catch(partFailure);
      let part = await nextPart();
      while (!part.done && part.value.type !== 'file') part = await nextPart();
      if (part.done || part.value.type !== 'file' || part.value.fieldname !== 'file') {
        throw badRequest(MESSAGES.fileRequired);
      }
      const stored = await storeUpload(
        app.db,
        app.storage,
        { file: part.value.file, filename: part.value.filename },
        user.id,
      );
      // One file per request: a second one is refused, not silently dropped.
      try {
        for (let rest = await parts.next(); !rest.done; rest = await parts.next()) {
          if (rest.value.type === 'file') throw badRequest(MESSAGES.oneFileOnly);
        }
      } catch (error) {
        await discardUpload(app.db, app.storage, stored.fileName);
        throw (error as { code?: string }).code === 'FST_FILES_LIMIT' ? badRequest(MESSAGES.oneFileOnly) : error;
      }
      return reply.status(201).send(ok(stored));
    },
  );

  app.get(
    '/api/files/:key',
    {
      config: { public: true },
      schema: {
        operationId: 'getFile',
        tags,
        summary: 'A stored file, by its unguessable key (images inline, everything else as an attachment)',
        params: fileKeyParams,
      },
    },
    async (request, reply) => {
      const row = await findFile(app.db, request.params.key);
      const body = row ? await app.storage.open(row.key) : null;
      if (!row || !body) throw notFound();
      const disposition = isInlineImageType(row.contentType) ? 'inline' : 'attachment';
      return reply
        .header('Content-Type', row.contentType)
        .header('Content-Length', row.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(body);
    },
  );
}

/** A multipart body the parser cannot read is a 400; its size limits keep their own status. */
function partFailure(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') throw badRequest(MESSAGES.oneFileOnly);
  if (code?.startsWith('FST_') && (error as { statusCode?: number }).statusCode === 413) throw error;
  throw badRequest(MESSAGES.fileRequired);
}
