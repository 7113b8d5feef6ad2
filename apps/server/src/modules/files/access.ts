import { type FileInfo, UI_TEXT } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type FileRow, files, users } from '../../db/schema/index.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { type Actor, seesAllOrganizations } from '../../lib/tenancy.js';
import type { FileStorage } from '../../storage/index.js';
import { presentUserSummary, userSummaryOf } from '../people/index.js';
import { removeAttachedFile } from './attachments.js';
import { type AttachableRecord, readAttachableRecord } from './record-access.js';
import { presentFile } from './service.js';

/**
 * Who may reach a file by its key: a file attached to a record only those who
 * may read the record; a picture (an avatar, a logo, a department image) every signed-in user; an
 * upload not used yet only its uploader. Anything else is 404 "File not found", so a key never
 * tells whether another tenant's file, or another person's fresh upload, exists.
 */

/** A file the actor may read, and its record when it is attached to one. */
interface ReadableFile {
  file: FileRow;
  record: AttachableRecord | null;
}

async function readableFile(db: Database, actor: Actor, key: string): Promise<ReadableFile> {
  const [file] = await db.select().from(files).where(eq(files.key, key)).limit(1);
  if (!file) throw notFound(UI_TEXT.fileNotFound);
  if (!file.recordType || !file.recordId) {
    if (!file.publishedAt && file.uploadedBy !== actor.id) throw notFound(UI_TEXT.fileNotFound);
    return { file, record: null };
  }
  const record = await readAttachableRecord(db, actor, file.recordType, file.recordId).catch((error: unknown) => {
    // A role refused the whole kind (an advisor and objectives) learns no more than anyone else.
    if (error instanceof AppError && error.code === 'FORBIDDEN') return null;
    throw error;
  });
  if (!record) throw notFound(UI_TEXT.fileNotFound);
  return { file, record };
}

/** 404 unless the actor may read the file (and so receive a download link for it). */
export async function requireReadableFile(db: Database, actor: Actor, key: string): Promise<void> {
  await readableFile(db, actor, key);
}

/** GET /api/files/info/{key}: the upload's fields, when and by whom. */
export async function readFileInfo(db: Database, actor: Actor, key: string): Promise<FileInfo> {
  const { file } = await readableFile(db, actor, key);
  const [uploader] = file.uploadedBy
    ? await db.select(userSummaryOf(users)).from(users).where(eq(users.id, file.uploadedBy)).limit(1)
    : [];
  return {
    ...presentFile(file),
    createdAt: file.createdAt.toISOString(),
    uploadedBy: uploader ? presentUserSummary(uploader) : null,
  };
}

/**
 * DELETE /api/files/{key}: its uploader or an admin (else 403), and never a file still attached to
 * a record the actor cannot change (403 fileStillAttached). An attached file leaves its record's
 * history behind; the bytes go after the row's removal commits. Returns the record it was attached to.
 */
export async function deleteFile(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  key: string,
): Promise<AttachableRecord | null> {
  const { file, record } = await readableFile(db, actor, key);
  if (file.uploadedBy !== actor.id && !seesAllOrganizations(actor)) throw forbidden();
  if (record) {
    if (!record.canChange) throw forbidden(UI_TEXT.fileStillAttached);
    await removeAttachedFile(db, storage, actor, record, file);
    return record;
  }
  await db.delete(files).where(eq(files.id, file.id));
  await storage.remove(file.key);
  return null;
}
