import { envelope, errorResponse, fileKeyParams, isInlineImageType, uploadedFileSchema } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import { findFile, keepUnattachedUpload } from './service.js';
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
