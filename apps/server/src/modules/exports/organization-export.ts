import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ORGANIZATION_EXPORT_LINK_HOURS,
  ORGANIZATION_EXPORTS_RUNNING,
  ORGANIZATION_EXPORTS_RUNNING_PER_PERSON,
  type OrganizationExport,
  organizationExportEndpoints,
  pathOf,
  UI_TEXT,
} from '@smart/contracts';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type OrganizationExportRow, organizationExports, organizations, users } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, forbidden, notFound, rateLimited } from '../../lib/errors.js';
import type { OrganizationDataTable } from '../../lib/organization-data.js';
import { notify } from '../../lib/outbox.js';
import { type Actor, canActInOrganization } from '../../lib/tenancy.js';
import type { FileStorage } from '../../storage/index.js';
import { isAuthenticLink, signedLinkQuery } from '../files/index.js';
import { canExportOrganization } from '../organizations/index.js';
import { writeOrganizationArchive } from './organization-archive.js';

/**
 * An organization's export (POST /api/organizations/{id}/export, decision 0264): a row in
 * `organization_exports` and its job, written in one transaction; the job builds the archive
 * (organization-archive.ts) into file storage and tells the requester; the signed link works until
 * the row's `expires_at`; a sweep deletes archives past it.
 */

export const ORGANIZATION_EXPORT_QUEUE = 'organization-export';
export const ORGANIZATION_EXPORT_SWEEP = 'organization-export-sweep';
const RUNNING = ['queued', 'building'] as const;
/** An arbitrary constant: the advisory lock under which the running exports are counted and one is added. */
const START_LOCK = 7_140_264;
/** How long a build may run before the queue takes it for lost and starts it again. */
export const BUILD_SECONDS_LIMIT = 30 * 60;

export interface OrganizationExportDeps {
  db: Database;
  storage: FileStorage;
  jobs: JobQueue;
  tables: readonly OrganizationDataTable[];
  fileUrlSecret: string;
  batchRows: number;
}

/** The archive's key in file storage (flat: the local storage keeps base names). */
const storageKeyOf = (exportId: string) => `organization-export-${exportId}.tar`;
/** What a download link signs: the export, not a storage key a file link could name. */
const linkSubject = (exportId: string) => `organization-export:${exportId}`;

/**
 * The organization, if the actor may export it: 404 when it cannot see it (another
 * organization's id), 403 when it sees it but is not its org_admin nor an admin.
 */
async function exportableOrganization(db: Database, actor: Actor, organizationId: string) {
  const [organization] = (await canActInOrganization(db, actor, organizationId))
    ? await db
        .select({ id: organizations.id, name: organizations.name, erasureStartedAt: organizations.erasureStartedAt })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
    : [];
  if (!organization) throw notFound(UI_TEXT.organizationNotFound);
  if (!canExportOrganization(actor, organization)) throw forbidden();
  return organization;
}

type ExportWithRequester = OrganizationExportRow & {
  requesterFirstName: string | null;
  requesterLastName: string | null;
};

function selectExports(db: Database) {
  return db
    .select({
      ...organizationExportColumns,
      requesterFirstName: users.firstName,
      requesterLastName: users.lastName,
    })
    .from(organizationExports)
    .leftJoin(users, eq(users.id, organizationExports.requestedBy));
}
const organizationExportColumns = {
  id: organizationExports.id,
  organizationId: organizationExports.organizationId,
  requestedBy: organizationExports.requestedBy,
  status: organizationExports.status,
  storageKey: organizationExports.storageKey,
  bytes: organizationExports.bytes,
  createdAt: organizationExports.createdAt,
  finishedAt: organizationExports.finishedAt,
  expiresAt: organizationExports.expiresAt,
};

/** The signed link of a ready export, working until its expiry. */
export function organizationExportUrl(secret: string, exportId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${pathOf(organizationExportEndpoints.download, { id: exportId })}?${signedLinkQuery(secret, linkSubject(exportId), expires)}`;
}

function present(row: ExportWithRequester, secret: string, now: Date): OrganizationExport {
  const downloadable = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    organizationId: row.organizationId,
    status: row.status,
    requestedBy: row.requestedBy
      ? { id: row.requestedBy, name: `${row.requesterFirstName ?? ''} ${row.requesterLastName ?? ''}`.trim() }
      : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    bytes: row.bytes,
    downloadUrl: downloadable && row.expiresAt ? organizationExportUrl(secret, row.id, row.expiresAt) : null,
  };
}

async function readExport(db: Database, id: string) {
  const [row] = await selectExports(db).where(eq(organizationExports.id, id));
  return row;
}

/**
 * Starts an export, or answers the one queued or building for the organization. The running
 * exports are counted under one lock, so the limits hold across processes: the requester's
 * (ORGANIZATION_EXPORTS_RUNNING_PER_PERSON) and the platform's (ORGANIZATION_EXPORTS_RUNNING).
 */
export async function startOrganizationExport(
  deps: OrganizationExportDeps,
  actor: Actor,
  organizationId: string,
  now: Date,
): Promise<OrganizationExport> {
  const organization = await exportableOrganization(deps.db, actor, organizationId);
  const id = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK})`);
    const [running] = await tx
      .select({ id: organizationExports.id })
      .from(organizationExports)
      .where(
        and(eq(organizationExports.organizationId, organization.id), inArray(organizationExports.status, RUNNING)),
      );
    if (running) return running.id;
    const [counts] = await tx
      .select({
        all: sql<number>`count(*)::int`,
        own: sql<number>`(count(*) filter (where ${organizationExports.requestedBy} = ${actor.id}))::int`,
      })
      .from(organizationExports)
      .where(inArray(organizationExports.status, RUNNING));
    if ((counts?.own ?? 0) >= ORGANIZATION_EXPORTS_RUNNING_PER_PERSON) {
      throw rateLimited(UI_TEXT.tooManyOrganizationExports, 60);
    }
    if ((counts?.all ?? 0) >= ORGANIZATION_EXPORTS_RUNNING) throw rateLimited(UI_TEXT.organizationExportsBusy, 60);
    const [created] = await tx
      .insert(organizationExports)
      .values({ organizationId: organization.id, requestedBy: actor.id })
      .returning({ id: organizationExports.id });
    if (!created) throw new Error('organization export: no row written');
    await recordAudit(tx, actor.id, [
      {
        organizationId: organization.id,
        action: 'export.created',
        target: { type: 'export', id: created.id, label: `${organization.name} (organization export)` },
      },
    ]);
    await deps.jobs.insertIn(tx, [{ name: ORGANIZATION_EXPORT_QUEUE, data: { exportId: created.id } }]);
    return created.id;
  });
  const row = await readExport(deps.db, id);
  if (!row) throw notFound(UI_TEXT.organizationExportNotFound);
  return present(row, deps.fileUrlSecret, now);
}

/** The organization's latest export (null when none), for its org_admin and admins. */
export async function latestOrganizationExport(
  deps: Pick<OrganizationExportDeps, 'db' | 'fileUrlSecret'>,
  actor: Actor,
  organizationId: string,
  now: Date,
): Promise<OrganizationExport | null> {
  const organization = await exportableOrganization(deps.db, actor, organizationId);
  const [row] = await selectExports(deps.db)
    .where(eq(organizationExports.organizationId, organization.id))
    .orderBy(desc(organizationExports.createdAt))
    .limit(1);
  return row ? present(row, deps.fileUrlSecret, now) : null;
}

/** The notification of an export's end, told to its requester alone. */
function exportNotice(
  type: 'organization_export_ready' | 'organization_export_failed',
  organization: { id: string; name: string },
  requestedBy: string,
) {
  return {
    type,
    organizationId: organization.id,
    record: { type: 'organization' as const, id: organization.id },
    actorId: null,
    audience: { users: [requestedBy] },
    data: { organizationName: organization.name },
  };
}

/**
 * The job: claims the export (queued, or building when a killed process left it), writes the
 * archive, stores it, and marks it ready and tells the requester in one transaction, so the
 * notice is sent once. A failure marks it failed and tells the requester, once too.
 */
export async function buildOrganizationExport(deps: OrganizationExportDeps, exportId: string): Promise<void> {
  const [claimed] = await deps.db
    .update(organizationExports)
    .set({ status: 'building' })
    .where(and(eq(organizationExports.id, exportId), inArray(organizationExports.status, RUNNING)))
    .returning({ organizationId: organizationExports.organizationId, requestedBy: organizationExports.requestedBy });
  if (!claimed) return;
  const [organization] = await deps.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, claimed.organizationId));
  if (!organization) return;
  const key = storageKeyOf(exportId);
  const work = await mkdtemp(path.join(tmpdir(), 'smart-organization-archive-'));
  try {
    const file = path.join(work, 'export.tar');
    await writeOrganizationArchive(
      {
        db: deps.db,
        storage: deps.storage,
        tables: deps.tables,
        exportId,
        organization,
        requestedBy: claimed.requestedBy,
        batchRows: deps.batchRows,
      },
      file,
    );
    const { size } = await stat(file);
    await deps.storage.save(key, createReadStream(file), 'application/x-tar');
    const marked = await deps.db.transaction(async (tx) => {
      const [ready] = await tx
        .update(organizationExports)
        .set({
          status: 'ready',
          storageKey: key,
          bytes: size,
          finishedAt: sql`now()`,
          expiresAt: sql`now() + make_interval(hours => ${ORGANIZATION_EXPORT_LINK_HOURS})`,
        })
        .where(and(eq(organizationExports.id, exportId), eq(organizationExports.status, 'building')))
        .returning({ id: organizationExports.id });
      if (ready && claimed.requestedBy) {
        await notify(deps.db, tx, exportNotice('organization_export_ready', organization, claimed.requestedBy));
      }
      return Boolean(ready);
    });
    // Its row went meanwhile (the organization's erasure, decision 0265): no row will name the archive.
    if (!marked && !(await exportExists(deps.db, exportId))) await deps.storage.remove(key);
  } catch (error) {
    await deps.storage.remove(key).catch(() => {});
    await deps.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(organizationExports)
        .set({ status: 'failed', finishedAt: sql`now()` })
        .where(and(eq(organizationExports.id, exportId), eq(organizationExports.status, 'building')))
        .returning({ id: organizationExports.id });
      if (failed && claimed.requestedBy) {
        await notify(deps.db, tx, exportNotice('organization_export_failed', organization, claimed.requestedBy));
      }
    });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function exportExists(db: Database, exportId: string) {
  const [row] = await db
    .select({ id: organizationExports.id })
    .from(organizationExports)
    .where(eq(organizationExports.id, exportId));
  return row !== undefined;
}

/** Deletes the archives of exports past their expiry; their rows stay, marked expired. Returns how many. */
export async function sweepExpiredOrganizationExports(db: Database, storage: FileStorage): Promise<number> {
  const expired = await db
    .select({ id: organizationExports.id, storageKey: organizationExports.storageKey })
    .from(organizationExports)
    .where(and(eq(organizationExports.status, 'ready'), lte(organizationExports.expiresAt, sql`now()`)));
  for (const row of expired) {
    if (row.storageKey) await storage.remove(row.storageKey);
    await db
      .update(organizationExports)
      .set({ status: 'expired', storageKey: null })
      .where(eq(organizationExports.id, row.id));
  }
  return expired.length;
}

const gone = () => new AppError('GONE', UI_TEXT.organizationExportGone);

/**
 * The archive a signed link opens: 403 for a signature that is not the server's, 404 for an
 * unknown export, 410 once its link's time or the export's expiry has passed (or it failed).
 */
export async function exportArchiveForLink(
  db: Database,
  secret: string,
  exportId: string,
  link: { expires?: string | undefined; signature?: string | undefined },
  now: Date,
) {
  const expires = Number(link.expires);
  if (
    !link.signature ||
    !Number.isInteger(expires) ||
    !isAuthenticLink(secret, linkSubject(exportId), expires, link.signature)
  ) {
    throw forbidden(UI_TEXT.downloadLinkInvalid);
  }
  const row = await readExport(db, exportId);
  if (!row) throw notFound(UI_TEXT.organizationExportNotFound);
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  if (
    row.status !== 'ready' ||
    !row.storageKey ||
    !row.expiresAt ||
    row.expiresAt <= now ||
    expires * 1000 <= now.getTime()
  ) {
    throw gone();
  }
  return {
    key: row.storageKey,
    contentType: 'application/x-tar',
    size: row.bytes ?? 0,
    originalName: `${(organization?.name ?? 'organization').replace(/[^\w.-]+/g, '-')}-export-${row.createdAt.toISOString().slice(0, 10)}.tar`,
  };
}
