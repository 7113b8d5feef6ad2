import { fileKeyOfUrl, INLINE_IMAGE_TYPES, UI_TEXT } from '@smart/contracts';
import { and, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { departments, files, organizations, users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import type { FileStorage } from '../../storage/index.js';

/**
 * Pictures: a profile picture, an organization's logo, a department's image. Each is a file
 * attached to no record whose URL a row shows. Setting one publishes the file (public by key from
 * then on) in the transaction that stores its URL; only the setter's own fresh upload may become
 * one, so a file is never two pictures. The picture it replaces or clears loses its files row in
 * that transaction and its bytes once it commits.
 */

/** What a picture's change runs on: the transaction (or the database when the picture stays). */
export type PictureWriter = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface PictureChange<T> {
  /** The picture's new URL: undefined leaves it as it is, null clears it. */
  next: string | null | undefined;
  /** The current URL, read in the transaction with its row locked (SELECT … FOR UPDATE); none for a new row. */
  current(tx: PictureWriter): Promise<string | null | undefined>;
  /** The change of the row showing the picture (its update, insert or delete). */
  write(tx: PictureWriter): Promise<T>;
}

/** PictureChange.current of an existing row: the URL its column shows, the row locked until the commit. */
export function lockedPicture(column: PgColumn, idColumn: PgColumn, id: string) {
  return async (tx: PictureWriter) => {
    const [row] = await tx
      .select({ url: sql<string | null>`${column}` })
      .from(column.table)
      .where(eq(idColumn, id))
      .for('update');
    return row?.url;
  };
}

/**
 * Runs a change of a row that shows a picture. A new picture must be an image the uploader sent
 * through POST /api/files/upload and has not used anywhere (else 400 imageFileRequired).
 */
export async function changePicture<T>(
  db: Database,
  storage: FileStorage,
  uploaderId: string,
  change: PictureChange<T>,
): Promise<T> {
  if (change.next === undefined) return change.write(db);
  const { next } = change;
  const { written, replaced } = await db.transaction(async (tx) => {
    const current = (await change.current(tx)) ?? null;
    if (next === current) return { written: await change.write(tx), replaced: null };
    if (next) await publishPicture(tx, uploaderId, next);
    const written = await change.write(tx);
    return { written, replaced: current ? await dropPicture(tx, current) : null };
  });
  if (replaced) await storage.remove(replaced);
  return written;
}

/**
 * Marks the uploader's fresh image upload as a picture, public by key from now on (for a new row;
 * changePicture calls it for an existing one). 400 imageFileRequired for any other file.
 */
export async function publishPicture(tx: PictureWriter, uploaderId: string, url: string): Promise<void> {
  const key = fileKeyOfUrl(url);
  const [published] = key
    ? await tx
        .update(files)
        .set({ publishedAt: sql`now()` })
        .where(
          and(
            eq(files.key, key),
            eq(files.uploadedBy, uploaderId),
            isNull(files.recordType),
            isNull(files.publishedAt),
            inArray(files.contentType, [...INLINE_IMAGE_TYPES]),
          ),
        )
        .returning({ id: files.id })
    : [];
  if (!published) throw badRequest(UI_TEXT.imageFileRequired);
}

/**
 * Deletes the files row of a picture no row shows any more, and returns its key for the bytes'
 * removal after the commit. A picture from before files were published once (migration 0017) may
 * still be shown elsewhere: then it stays.
 */
async function dropPicture(tx: PictureWriter, url: string): Promise<string | null> {
  const key = fileKeyOfUrl(url);
  if (!key) return null;
  const shownElsewhere = sql`(exists (select 1 from ${users} where ${users.profileImage} = ${url})
    or exists (select 1 from ${organizations} where ${organizations.logo} = ${url})
    or exists (select 1 from ${departments} where ${departments.imageUrl} = ${url}))`;
  const [dropped] = await tx
    .delete(files)
    .where(and(eq(files.key, key), isNull(files.recordType), not(shownElsewhere)))
    .returning({ key: files.key });
  return dropped?.key ?? null;
}
