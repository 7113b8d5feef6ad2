import {
  envelope,
  fileKeyParams,
  isInlineImageType,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  uploadedFileSchema,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors.js';
import { authenticate, bearerAuth, requireUser } from '../../plugins/auth.js';
import { findFile, storeUpload } from './service.js';

const tags = ['Files'];

export async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/files/upload',
    {
      preValidation: authenticate,
      schema: {
        tags,
        summary: 'Upload one file (multipart field "file", at most 10 MB)',
        description: 'The stored type is sniffed from the content. Larger files are refused with 413.',
        security: bearerAuth,
        consumes: ['multipart/form-data'],
        response: { 201: envelope(uploadedFileSchema) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } }).catch(() => {
        // The parser could not read the multipart body (no boundary, junk): the client's mistake.
        throw badRequest(MESSAGES.fileRequired);
      });
      if (part?.fieldname !== 'file') throw badRequest(MESSAGES.fileRequired);
      const stored = await storeUpload(app.db, app.storage, { file: part.file, filename: part.filename }, user.id);
      return reply.status(201).send({ success: true as const, data: stored });
    },
  );

  app.get(
    '/api/files/:key',
    {
      schema: {
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
