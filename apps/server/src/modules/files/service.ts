import { randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { MESSAGES, type UploadedFile } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { fileTypeStream } from 'file-type';
import type { Database } from '../../db/client.js';
import { type FileRow, files } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { FileStorage } from '../../storage/index.js';

const UNKNOWN_TYPE = 'application/octet-stream';

export const fileUrl = (key: string) => `/api/files/${key}`;

export function presentFile(row: Pick<FileRow, 'key' | 'originalName' | 'contentType' | 'size'>): UploadedFile {
  return {
    fileName: row.key,
    originalName: row.originalName,
    fileType: row.contentType,
    fileSize: row.size,
    fileUrl: fileUrl(row.key),
  };
}

/** Counts bytes as they stream past. */
function byteCounter() {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, size: () => bytes };
}

/** Keeps the client's name for downloads, without path parts or control characters. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base)
    .filter((character) => character.charCodeAt(0) >= 0x20 && character.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

/**
 * Streams an upload into storage under a random key. The type is sniffed from the content,
 * never taken from the client. Size limits are enforced by the multipart parser upstream.
 */
export async function storeUpload(
  db: Database,
  storage: FileStorage,
  upload: { file: Readable; filename: string | undefined },
  uploadedBy: string,
): Promise<UploadedFile> {
  const typed = await fileTypeStream(upload.file);
  const contentType = typed.fileType?.mime ?? UNKNOWN_TYPE;
  const key = `${randomUUID()}${typed.fileType ? `.${typed.fileType.ext}` : ''}`;
  const counter = byteCounter();
  // pipe() does not forward errors: pass the parser's "too large" on, so storage aborts the write.
  typed.once('error', (error) => counter.stream.destroy(error));
  await storage.save(key, typed.pipe(counter.stream), contentType);
  if ((upload.file as Readable & { truncated?: boolean }).truncated) {
    await storage.remove(key);
    throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge);
  }
  try {
    const values = { key, originalName: cleanFileName(upload.filename), contentType, size: counter.size(), uploadedBy };
    await db.insert(files).values(values);
    return presentFile(values);
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

export async function findFile(db: Database, key: string) {
  const [row] = await db.select().from(files).where(eq(files.key, key)).limit(1);
  return row ?? null;
}
