import { type AttachableRecordType, type Attachment, fileDownloadPathOf, UI_TEXT } from '@smart/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { files, users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/tenancy.js';
import type { FileStorage } from '../../storage/index.js';
import { presentUserSummary, userSummaryOf } from '../people/index.js';
import { requireStorageRoom } from './quota.js';
import type { AttachableRecord } from './record-access.js';
import { keepUpload, type StoredUpload } from './service.js';

/**
 * Files attached to records (objectives and tasks now; tickets, messages and templates later):
 * adding, listing and removing them, each change with the record's history in one transaction,
 * and the bytes removed from storage only after the row's removal commits.
 */

const attachmentColumns = {
  id: files.id,
  key: files.key,
  originalName: files.originalName,
  contentType: files.contentType,
  size: files.size,
  recordId: files.recordId,
  uploadedBy: files.uploadedBy,
  createdAt: files.createdAt,
  uploader: userSummaryOf(users),
};

/** An attached file with its uploader, as the list query returns it. */
export type AttachmentRow = Awaited<ReturnType<typeof selectAttachments>>[number];

function selectAttachments(db: Database, type: AttachableRecordType, which: SQL | undefined) {
  return db
    .select(attachmentColumns)
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .where(and(eq(files.recordType, type), which))
    .orderBy(asc(files.createdAt), asc(files.id));
}

/** The attachments of many records of one kind, oldest first, in one query: record id → its files. */
export async function listAttachments(
  db: Database,
  type: AttachableRecordType,
  recordIds: readonly string[],
): Promise<Map<string, AttachmentRow[]>> {
  const byRecord = new Map<string, AttachmentRow[]>(recordIds.map((id) => [id, []]));
  if (recordIds.length === 0) return byRecord;
  for (const row of await selectAttachments(db, type, inArray(files.recordId, [...recordIds]))) {
    if (row.recordId) byRecord.get(row.recordId)?.push(row);
  }
  return byRecord;
}

/** An attachment as the API sends it; `url` asks for its signed download link. */
export function presentAttachment(row: AttachmentRow, canRemove: boolean): Attachment {
  return {
    id: row.id,
    _id: row.id,
    fileName: row.key,
    originalName: row.originalName,
    mimeType: row.contentType,
    size: row.size,
    url: fileDownloadPathOf(row.key),
    uploadedBy: row.uploader ? presentUserSummary(row.uploader) : null,
    createdAt: row.createdAt.toISOString(),
    permissions: { canRemove },
  };
}

/**
 * Keeps uploaded bytes as a file of the record, with its history (the route checked
 * record.canAttach), in the record's organization: 413 past its quota (files/quota.ts).
 */
export async function attachUpload(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  record: AttachableRecord,
  stored: StoredUpload,
  quotaBytes: number,
): Promise<Attachment> {
  const id = await keepUpload(storage, stored, () =>
    db.transaction(async (tx) => {
      await requireStorageRoom(tx, quotaBytes, record.organizationId, stored.size);
      const [row] = await tx
        .insert(files)
        .values({
          ...stored,
          uploadedBy: actor.id,
          organizationId: record.organizationId,
          recordType: record.type,
          recordId: record.id,
        })
        .returning({ id: files.id });
      if (!row) throw new Error('The attachment was not stored');
      await record.recordFileChange?.(tx, actor.id, { kind: 'attachment_added', fileName: stored.originalName });
      return row.id;
    }),
  );
  const [row] = await selectAttachments(db, record.type, eq(files.id, id));
  if (!row) throw new Error('The attachment just stored was not found');
  return presentAttachment(row, record.canRemove(row));
}

/** Removes a file from its record, by the file's row: the row and the history now, the bytes after commit. */
export async function removeAttachedFile(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  record: AttachableRecord,
  file: { id: string; key: string; originalName: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(files).where(eq(files.id, file.id));
    await record.recordFileChange?.(tx, actor.id, { kind: 'attachment_removed', fileName: file.originalName });
  });
  await storage.remove(file.key);
}

/**
 * DELETE …/attachments/{attachmentId}: 404 unless the file is attached to this record, 403 unless
 * the actor may remove it (the record's rule, e.g. projects/policy.ts canRemoveAttachment).
 */
export async function removeAttachment(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  record: AttachableRecord,
  attachmentId: string,
): Promise<void> {
  const [file] = await db
    .select({ id: files.id, key: files.key, originalName: files.originalName, uploadedBy: files.uploadedBy })
    .from(files)
    .where(and(eq(files.id, attachmentId), eq(files.recordType, record.type), eq(files.recordId, record.id)))
    .limit(1);
  if (!file) throw notFound(UI_TEXT.attachmentNotFound);
  if (!record.canRemove(file)) throw forbidden();
  await removeAttachedFile(db, storage, actor, record, file);
}

/**
 * For deleting records: removes the files rows of these records inside the deletion's transaction
 * and returns their keys, for removeStoredFiles once it commits.
 */
export async function detachFilesOf(
  writer: Pick<Database, 'delete'>,
  type: AttachableRecordType,
  recordIds: readonly string[],
): Promise<string[]> {
  if (recordIds.length === 0) return [];
  const removed = await writer
    .delete(files)
    .where(and(eq(files.recordType, type), inArray(files.recordId, [...recordIds])))
    .returning({ key: files.key });
  return removed.map((row) => row.key);
}

/** Removes stored bytes whose rows are gone (after the transaction that removed them commits). */
export async function removeStoredFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) await storage.remove(key);
}
