import multipart, { type MultipartFile } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, UI_TEXT } from '@smart/contracts';
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
export const receiveUpload = (request: FastifyRequest, storage: FileStorage): Promise<StoredUpload> =>
  receiveOneFile(request, MAX_UPLOAD_BYTES, {
    take: (part) => saveUploadBytes(storage, { file: part.file, filename: part.filename }),
    discard: (stored) => storage.remove(stored.key),
  });

/**
 * The request's one file part (multipart field "file"), handed to `take` (which reads its stream,
 * at most `maxBytes`: past them the stream fails with 413): 400 without it, with a second file or
 * an unreadable body; what `take` made is given to `discard` when the rest of the body is refused.
 */
export async function receiveOneFile<T>(
  request: FastifyRequest,
  maxBytes: number,
  { take, discard }: { take: (part: MultipartFile) => Promise<T>; discard?: (taken: T) => Promise<unknown> },
): Promise<T> {
  const partLimits = { fileSize: maxBytes, files: 1 };
  const parts = request.parts({ limits: partLimits })[Symbol.asyncIterator]();
  // The parser could not read the multipart body (no boundary, junk): the client's mistake.
  const nextPart = () => parts.next().catch(partFailure);
  let part = await nextPart();
  while (!part.done && part.value.type !== 'file') part = await nextPart();
  if (part.done || part.value.type !== 'file' || part.value.fieldname !== 'file') {
    throw badRequest(UI_TEXT.fileRequired);
  }
  const taken = await take(part.value);
  try {
    for (let rest = await parts.next(); !rest.done; rest = await parts.next()) {
      if (rest.value.type === 'file') throw badRequest(UI_TEXT.oneFileOnly);
    }
  } catch (error) {
    await discard?.(taken);
    throw (error as { code?: string }).code === 'FST_FILES_LIMIT' ? badRequest(UI_TEXT.oneFileOnly) : error;
  }
  return taken;
}

/** A multipart body the parser cannot read is a 400; its size limits keep their own status. */
function partFailure(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') throw badRequest(UI_TEXT.oneFileOnly);
  if (code?.startsWith('FST_') && (error as { statusCode?: number }).statusCode === 413) throw error;
  throw badRequest(UI_TEXT.fileRequired);
}
