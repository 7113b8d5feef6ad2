import { type StorageUsage, UI_TEXT } from '@smart/contracts';
import { eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { type Actor, canSeeIn, requireManageIn, requireOrganization } from '../../lib/tenancy.js';

/**
 * The storage quota (STORAGE_QUOTA_MB_PER_ORGANIZATION): the bytes of an organization's files rows,
 * summed over files_organization_size_idx. Files of no organization (the template library) share
 * one quota of the same size. Whose bytes an upload is
 * (docs/decisions/0106-whose-storage-quota-an-upload-counts-against.md): a record's file its record's
 * organization; an upload through POST
 * /api/files/upload its uploader's organization (staff: the platform organization) until a ticket
 * or message takes it into the record's organization.
 *
 * An upload is checked twice: before its body is read (an organization already at its quota
 * stores nothing), and in the transaction that writes its row, under a per-organization advisory
 * lock held until that transaction ends. Parallel uploads so pass the second check one at a time,
 * each counting the ones committed before it: together they never pass the quota.
 */

/** Whose bytes: an organization's id, or null for files of no organization. */
export type StorageOwner = string | null;

const ownedBy = (owner: StorageOwner) => (owner ? eq(files.organizationId, owner) : isNull(files.organizationId));

/** The bytes an owner's files take. */
export async function storageUsed(db: Pick<Database, 'select'>, owner: StorageOwner): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string | number>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(ownedBy(owner));
  return Number(row?.bytes ?? 0);
}

const quotaExceeded = () => new AppError('PAYLOAD_TOO_LARGE', UI_TEXT.storageQuotaExceeded);

/** Before an upload's body is read: 413 when the owner has no room left at all. */
export async function requireStorageLeft(db: Database, quotaBytes: number, owner: StorageOwner): Promise<void> {
  if ((await storageUsed(db, owner)) >= quotaBytes) throw quotaExceeded();
}

/** An arbitrary constant: the class of the quota's advisory locks (the second key is the owner's hash). */
const STORAGE_LOCK_CLASS = 724_102;

/**
 * Inside the transaction that writes the files rows of `addedBytes` new bytes: takes the owner's
 * lock (released when the transaction ends) and answers 413 when they would take the owner past
 * its quota; the caller then removes the stored bytes.
 */
export async function requireStorageRoom(
  tx: Pick<Database, 'select' | 'execute'>,
  quotaBytes: number,
  owner: StorageOwner,
  addedBytes: number,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STORAGE_LOCK_CLASS}::int, hashtext(${owner ?? ''}))`);
  if ((await storageUsed(tx, owner)) + addedBytes > quotaBytes) throw quotaExceeded();
}

/**
 * GET /api/organizations/{id}/storage, for the subscription page: who may see the organization's
 * billing (its org_admin, admin; 403 for its other members, 404 for everyone else).
 */
export async function readStorageUsage(
  db: Database,
  actor: Actor,
  organizationId: string,
  quotaBytes: number,
): Promise<StorageUsage> {
  if (!canSeeIn(actor, organizationId)) throw notFound(UI_TEXT.organizationNotFound);
  await requireOrganization(db, organizationId);
  requireManageIn(actor, organizationId, 'canManageBilling');
  return { usedBytes: await storageUsed(db, organizationId), quotaBytes };
}
