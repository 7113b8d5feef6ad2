import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, MESSAGES } from '@smart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import type { FileStorage } from '../../storage/index.js';
import { type StoredUpload, saveUploadBytes } from './service.js';

const limits = { fileSize: MAX_UPLOAD_BYTES, files: 1 };

/** Multipart parsing (and its per-request hook) in a plugin's scope: only where uploads are taken. */
export const acceptUploads = (app: FastifyInstance) =>
  app.register(multipart, { limits: { ...limits, fields: 10, parts: 11 } });

/**
 * The request's one file (multipart field "file") streamed into storage: 400 without it, with a
 * second file (refused, not silently dropped) or an unreadable body; 413 over 10 MB. The caller
 * keeps the bytes with a files row (service.ts keepUpload).
 */
export async function receiveUpload(request: FastifyRequest, storage: FileStorage): Promise<StoredUpload> {
  const parts = request.parts({ limits })[Symbol.asyncIterator]();
  // The parser could not read the multipart body (no boundary, junk): the client's mistake.
  const nextPart = () => parts.next().catch(partFailure);
  let part = await nextPart();
  while (!part.done && part.value.type !== 'file') part = await nextPart();
  if (part.done || part.value.type !== 'file' || part.value.fieldname !== 'file') {
    throw badRequest(MESSAGES.fileRequired);
  }
  const stored = await saveUploadBytes(storage, { file: part.value.file, filename: part.value.filename });
  try {
    for (let rest = await parts.next(); !rest.done; rest = await parts.next()) {
      if (rest.value.type === 'file') throw badRequest(MESSAGES.oneFileOnly);
    }
  } catch (error) {
    await storage.remove(stored.key);
    throw (error as { code?: string }).code === 'FST_FILES_LIMIT' ? badRequest(MESSAGES.oneFileOnly) : error;
  }
  return stored;
}

/** A multipart body the parser cannot read is a 400; its size limits keep their own status. */
function partFailure(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') throw badRequest(MESSAGES.oneFileOnly);
  if (code?.startsWith('FST_') && (error as { statusCode?: number }).statusCode === 413) throw error;
  throw badRequest(MESSAGES.fileRequired);
}
