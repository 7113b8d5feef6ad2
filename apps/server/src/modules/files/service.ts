import { randomUUID } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import { fileUrlOf, UI_TEXT, type UploadedFile } from '@smart/contracts';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { fileTypeStream } from 'file-type';
import type { Database } from '../../db/client.js';
import { type FileRow, files } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { FileStorage } from '../../storage/index.js';
import { requireStorageRoom } from './quota.js';

const UNKNOWN_TYPE = 'application/octet-stream';

export function presentFile(row: Pick<FileRow, 'key' | 'originalName' | 'contentType' | 'size'>): UploadedFile {
  return {
    fileName: row.key,
    originalName: row.originalName,
    fileType: row.contentType,
    fileSize: row.size,
    fileUrl: fileUrlOf(row.key),
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

/** Enough of the head for file-type to recognise every format it knows. */
const SNIFF_BYTES = 4100;

/**
 * Passes a stream on with its first chunk at least `size` bytes long (all of a shorter stream):
 * fileTypeStream types what its first read gets, and an upload's bytes may arrive a few at a time.
 */
function firstChunkOf(size: number) {
  const head: Buffer[] = [];
  let headLength = 0;
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      head.push(chunk);
      headLength += chunk.length;
      if (headLength < size) return callback();
      passing = true;
      callback(null, Buffer.concat(head));
    },
    flush(callback) {
      callback(null, passing || headLength === 0 ? undefined : Buffer.concat(head));
    },
  });
}

/** An upload's bytes in storage, before a files row keeps them. */
export interface StoredUpload {
  key: string;
  originalName: string;
  contentType: string;
  size: number;
}

/**
 * Streams an upload into storage under a random key. The type is sniffed from the content,
 * never taken from the client. The multipart parser enforces the size limit: when it cuts the
 * stream, the partial file is removed and the client gets 413. A body that breaks off (a
 * client's fault) is a 400, never a crash.
 */
export async function saveUploadBytes(
  storage: FileStorage,
  upload: { file: Readable & { truncated?: boolean }; filename: string | undefined },
): Promise<StoredUpload> {
  // A failure of the upload itself (told apart from storage's): the client's, or the size limit.
  let sourceError: Error | undefined;
  upload.file.once('error', (error) => {
    sourceError = error;
  });
  // pipeline (not pipe) forwards a failure of the upload on, and so to storage.
  const sampled = pipeline(upload.file, firstChunkOf(SNIFF_BYTES), () => {});
  const typed = await fileTypeStream(sampled, { sampleSize: SNIFF_BYTES }).catch((error: Error) => {
    throw uploadFailure(error);
  });
  const detected = typed.fileType;
  const contentType = detected?.mime ?? UNKNOWN_TYPE;
  const key = `${randomUUID()}${detected ? `.${detected.ext}` : ''}`;

  const counter = byteCounter();
  const body = pipeline(typed, counter.stream, () => {});
  try {
    await storage.save(key, body, contentType);
  } catch (error) {
    throw sourceError ? uploadFailure(sourceError) : error;
  }
  if (upload.file.truncated) {
    await storage.remove(key);
    throw new AppError('PAYLOAD_TOO_LARGE', UI_TEXT.fileTooLarge);
  }
  if (counter.size() === 0) {
    await storage.remove(key);
    throw badRequest(UI_TEXT.fileEmpty);
  }
  return { key, originalName: cleanFileName(upload.filename), contentType, size: counter.size() };
}

/** Runs the write that keeps stored bytes (their files row); when it fails, the bytes go too. */
export async function keepUpload<T>(storage: FileStorage, stored: StoredUpload, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await storage.remove(stored.key);
    throw error;
  }
}

/**
 * Keeps an upload that belongs to no record yet, in its uploader's organization (files/quota.ts:
 * 413 past that organization's quota, the bytes removed). It is private to its uploader until a
 * record takes it or it becomes a picture (pictures.ts).
 */
export async function keepUnattachedUpload(
  db: Database,
  storage: FileStorage,
  stored: StoredUpload,
  uploader: { id: string; organizationId: string | null },
  quotaBytes: number,
): Promise<UploadedFile> {
  const values = { ...stored, uploadedBy: uploader.id, organizationId: uploader.organizationId };
  await keepUpload(storage, stored, () =>
    db.transaction(async (tx) => {
      await requireStorageRoom(tx, quotaBytes, uploader.organizationId, stored.size);
      await tx.insert(files).values(values);
    }),
  );
  return presentFile(values);
}

/** The parser's own "too large" keeps its 413; anything else wrong with the body is the client's 400. */
function uploadFailure(error: Error): Error {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return error;
  return new AppError('BAD_REQUEST', UI_TEXT.uploadIncomplete);
}

export async function findFile(db: Database, key: string) {
  const [row] = await db.select().from(files).where(eq(files.key, key)).limit(1);
  return row ?? null;
}

/** An upload no record has taken and no picture shows: what a ticket or message may take (its uploader's). */
export const isUnusedUpload = and(isNull(files.recordType), isNull(files.publishedAt));

/** A picture (avatar, logo, department image): the only kind of file the plain by-key URL serves, to anyone. */
export async function findPublishedPicture(db: Database, key: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.key, key), isNull(files.recordType), isNotNull(files.publishedAt)))
    .limit(1);
  return row ?? null;
}
