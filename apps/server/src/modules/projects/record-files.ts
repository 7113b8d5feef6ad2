import type { AttachableRecordType, Attachment } from '@smart/contracts';
import { and, asc, eq, inArray, or, type SQLWrapper } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { type FileRow, files, users } from '../../db/schema/index.js';
import type { FileStorage } from '../../storage/index.js';
import { presentUserSummary, type UserSummaryRow, userSummaryOf } from '../users/summary.js';

/**
 * The files attached to objectives and tasks (files.record_type / record_id): listed with their
 * record, and removed with it. Uploading and removing one attachment is the files module's.
 */

/** An attached file with its uploader. */
export interface AttachmentRecord {
  file: Pick<FileRow, 'id' | 'key' | 'originalName' | 'contentType' | 'size' | 'uploadedBy' | 'createdAt'>;
  uploader: UserSummaryRow | null;
}

/** A record's attachments, oldest first: one query over files_record_idx. */
export function listRecordAttachments(
  db: Database,
  recordType: AttachableRecordType,
  recordId: string,
): Promise<AttachmentRecord[]> {
  return db
    .select({
      file: {
        id: files.id,
        key: files.key,
        originalName: files.originalName,
        contentType: files.contentType,
        size: files.size,
        uploadedBy: files.uploadedBy,
        createdAt: files.createdAt,
      },
      uploader: userSummaryOf(users),
    })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .where(and(eq(files.recordType, recordType), eq(files.recordId, recordId)))
    .orderBy(asc(files.createdAt), asc(files.id));
}

/** Where an attached file is fetched: a signed URL from GET /api/files/download/{key} (design.md, "Files"). */
const downloadPath = (key: string) => `/api/files/download/${key}`;

export function presentAttachment({ file, uploader }: AttachmentRecord, canRemove: boolean): Attachment {
  return {
    id: file.id,
    _id: file.id,
    fileName: file.key,
    originalName: file.originalName,
    mimeType: file.contentType,
    size: file.size,
    url: downloadPath(file.key),
    uploadedBy: uploader ? presentUserSummary(uploader) : null,
    createdAt: file.createdAt.toISOString(),
    permissions: { canRemove },
  };
}

/** Which records' files go: the ids (or a subquery of them) of each record type. */
export type AttachedTo = Partial<Record<'objective' | 'task', SQLWrapper | string[]>>;

/**
 * Deletes the file rows attached to the records, in the transaction that deletes the records, and
 * returns their storage keys: the bytes are removed after the commit (removeStoredFiles), so a
 * rolled-back delete never loses a file.
 */
export async function deleteAttachmentRows(tx: Pick<Database, 'delete'>, attachedTo: AttachedTo): Promise<string[]> {
  const conditions = Object.entries(attachedTo).map(([recordType, ids]) =>
    and(eq(files.recordType, recordType as keyof AttachedTo), inArray(files.recordId, ids)),
  );
  if (conditions.length === 0) return [];
  const removed = await tx
    .delete(files)
    .where(or(...conditions))
    .returning({ key: files.key });
  return removed.map((row) => row.key);
}

/**
 * Removes the bytes of deleted attachments. A failure is logged, never answered: the record is
 * already gone, and an orphaned object costs storage, not correctness.
 */
export async function removeStoredFiles(storage: FileStorage, keys: readonly string[], log: FastifyBaseLogger) {
  const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
  for (const [index, result] of results.entries()) {
    if (result.status === 'rejected')
      log.warn({ err: result.reason, key: keys[index] }, 'attachment bytes not removed');
  }
}
