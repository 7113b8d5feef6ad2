import { UI_TEXT } from '@smart/contracts';
import { and, eq, inArray, isNotNull, isNull, lte, not, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import {
  files,
  notificationDeliveries,
  notificationEvents,
  organizationExports,
  organizations,
  sessions,
  users,
} from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { recordAudit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { childrenFirst, type OrganizationDataTable } from '../../lib/organization-data.js';
import { type Actor, seesAllOrganizations } from '../../lib/tenancy.js';
import { disconnectSessions, emptyOrganizationRoom } from '../../plugins/realtime.js';
import type { FileStorage } from '../../storage/index.js';
import { type Closed, closeInTransaction, findPlatformOrganization, getOrganizationFor } from './service.js';

/*
 * Erasing an organization (decision 0265): an admin types its name (POST …/erase), or the daily
 * retention job finds it closed for CLOSED_ORGANIZATION_RETENTION_DAYS. Either marks it
 * (erasure_started_at) and queues one job in the same transaction, so it is erased once. The job
 * waits until the mail its closing caused (the CANCEL invitations of its future sessions) is sent,
 * counts its rows and files, then deletes them in batches, table by table, children first, a few
 * seconds per job run (PGlite has one connection: a request waits for a batch, never for the whole
 * organization), and last the organization row itself with one audit line on the platform
 * organization, in one transaction.
 */

export const ERASURE_QUEUE = 'organization-erasure';
const RETENTION_JOB = 'organization-retention';
/** Daily, at a quiet hour (UTC). */
const RETENTION_CRON = '41 3 * * *';
/** Rows one statement deletes. */
const BATCH_ROWS = 1000;
/** How long one job run deletes before it hands the rest to the next run (well within the queue's expiry). */
const RUN_MS = 10_000;
/** How often the job looks again whether the closing's mail has gone out. */
const DRAIN_POLL_MS = 5_000;
/** How long the erasure waits for that mail at most: a mail server away longer loses those mails. */
const DRAIN_LIMIT_MS = 30 * 60 * 1000;
/** Mail due within this many minutes is waited for (a non-urgent e-mail's delay is 5 by default); later mail is dropped. */
const MAIL_DUE_MINUTES = 15;
/** Stored bytes removed at once. */
const PARALLEL_REMOVALS = 16;

export interface ErasureJob {
  organizationId: string;
  /** The admin who typed the name; null: the retention job. */
  requestedBy: string | null;
  /** When the erasure was asked for (ISO), which the wait for mail counts from. */
  startedAt: string;
  /** Once the mail went out: the rows and files counted before the deletion began, for the audit line. */
  counted?: { rows: number; files: number };
}

/** Names match as the names' unique index compares them: case aside, spaces around ignored. */
const sameName = (typed: string, name: string) => typed.trim().toLowerCase() === name.trim().toLowerCase();

/**
 * POST /api/organizations/{id}/erase (admin): an open organization is closed first, in the same
 * transaction (its future sessions cancelled, its people signed out and told), then marked and its
 * job queued. 409 when it is already being erased.
 */
export async function requestErasure(
  db: Database,
  jobs: JobQueue,
  actor: Actor,
  id: string,
  confirmName: string,
  now: Date,
): Promise<Closed> {
  const organization = await getOrganizationFor(db, actor, id);
  if (!seesAllOrganizations(actor)) throw forbidden();
  if (organization.isPlatform) throw forbidden(UI_TEXT.platformOrganizationCannotErase);
  if (organization.erasureStartedAt) throw conflict(UI_TEXT.organizationBeingErased);
  if (!sameName(confirmName, organization.name)) throw badRequest(UI_TEXT.organizationErasureNameMismatch);
  return db.transaction(async (tx) => {
    const closed = organization.closedAt ? null : await closeInTransaction(db, tx, organization, actor.id, now);
    const marked = await tx
      .update(organizations)
      .set({ erasureStartedAt: now })
      .where(and(eq(organizations.id, id), isNull(organizations.erasureStartedAt)))
      .returning({ id: organizations.id });
    if (marked.length === 0) throw conflict(UI_TEXT.organizationBeingErased);
    await jobs.insertIn(tx, [erasureJob({ organizationId: id, requestedBy: actor.id, startedAt: now.toISOString() })]);
    return closed ?? { revokedSessionIds: [], announcements: [] };
  });
}

const erasureJob = (data: ErasureJob, startAfter?: Date) => ({
  name: ERASURE_QUEUE,
  data,
  ...(startAfter && { startAfter }),
});

/**
 * The retention job: marks every organization closed for at least `retentionDays` and queues its
 * erasure, in one transaction. Run twice (or by two processes at once), an organization is marked
 * once: the second update finds it marked.
 */
export async function eraseExpiredOrganizations(db: Database, jobs: JobQueue, retentionDays: number, now: Date) {
  const closedBefore = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const due = await tx
      .update(organizations)
      .set({ erasureStartedAt: now })
      .where(
        and(
          isNotNull(organizations.closedAt),
          lte(organizations.closedAt, closedBefore),
          isNull(organizations.erasureStartedAt),
          not(organizations.isPlatform),
        ),
      )
      .returning({ id: organizations.id });
    await jobs.insertIn(
      tx,
      due.map((row) => erasureJob({ organizationId: row.id, requestedBy: null, startedAt: now.toISOString() })),
    );
    return due.map((row) => row.id);
  });
}

/** What a job run works with. */
export interface ErasureDeps {
  db: Database;
  storage: FileStorage;
  jobs: JobQueue;
  /** Every table of an organization's data (app.organizationData), children first (childrenFirst). */
  tables: readonly OrganizationDataTable[];
  /** Signs out and empties the rooms (the app's sockets); none in a test without them. */
  live?: { app: FastifyInstance };
  retentionDays: number;
  now: () => Date;
}

/**
 * One run of an erasure's job: waits for the closing's mail, or counts, or deletes for RUN_MS and
 * queues the next run, or deletes the organization row and writes the audit line. Each run is safe
 * to repeat (a retry after a crash): what it deleted stays deleted, and only the run that deletes
 * the organization row writes the line.
 */
export async function runErasure(
  deps: ErasureDeps,
  job: ErasureJob,
): Promise<'waiting' | 'counted' | 'deleting' | 'erased' | 'gone'> {
  const { db } = deps;
  const [organization] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, job.organizationId), isNotNull(organizations.erasureStartedAt)))
    .limit(1);
  if (!organization) return 'gone';
  const now = deps.now();
  if (!job.counted) {
    const waited = now.getTime() - new Date(job.startedAt).getTime();
    if (waited < DRAIN_LIMIT_MS && (await hasMailOutstanding(db, job.organizationId))) {
      // The queue's clock, not the app's (a test holds the app's still).
      await deps.jobs.insertIn(db, [erasureJob(job, new Date(Date.now() + DRAIN_POLL_MS))]);
      return 'waiting';
    }
    await signOutPeople(deps, job.organizationId);
    await deps.jobs.insertIn(db, [
      erasureJob({ ...job, counted: await countOrganization(db, deps.tables, job.organizationId) }),
    ]);
    return 'counted';
  }
  const finished = await deleteForAWhile(deps, job.organizationId, now.getTime() + RUN_MS);
  if (!finished) {
    await deps.jobs.insertIn(db, [erasureJob(job)]);
    return 'deleting';
  }
  const erased = await db.transaction(async (tx) => {
    // Anything written since the batches (a fan-out in flight) goes with the row, by its foreign keys.
    const [deleted] = await tx
      .delete(organizations)
      .where(eq(organizations.id, job.organizationId))
      .returning({ id: organizations.id, name: organizations.name });
    if (!deleted) return false;
    const platform = await findPlatformOrganization(tx);
    if (platform)
      await recordAudit(tx, job.requestedBy, [erasureAuditLine(platform.id, deleted, job, deps.retentionDays)]);
    return true;
  });
  if (erased && deps.live) emptyOrganizationRoom(deps.live.app, job.organizationId);
  return erased ? 'erased' : 'gone';
}

/** The platform's line: which organization (name and id), how much, and who (the admin, or the retention job). */
function erasureAuditLine(
  platformId: string,
  organization: { id: string; name: string },
  job: ErasureJob,
  retentionDays: number,
) {
  const { rows, files: fileCount } = job.counted ?? { rows: 0, files: 0 };
  const how = job.requestedBy ? 'at once, its name typed' : `by the retention job, ${retentionDays} days after closing`;
  return {
    organizationId: platformId,
    action: 'organization.erased' as const,
    target: { type: 'organization' as const, id: organization.id, label: organization.name },
    to: `${rows} rows and ${fileCount} files deleted (${how})`,
  };
}

/**
 * Notifications of the organization not yet fanned out, or e-mails and SMS of them due soon and not
 * yet sent (a daily digest's, due hours later, is not waited for). Times are the database's.
 */
async function hasMailOutstanding(db: Database, organizationId: string) {
  const ofOrganization = db
    .select({ id: notificationEvents.id })
    .from(notificationEvents)
    .where(eq(notificationEvents.organizationId, organizationId));
  const [row] = await db
    .select({
      outstanding: sql<boolean>`exists (select 1 from ${notificationEvents} where ${notificationEvents.organizationId} = ${organizationId}::uuid and ${notificationEvents.fannedOutAt} is null)
        or exists (select 1 from ${notificationDeliveries} where ${inArray(notificationDeliveries.eventId, ofOrganization)}
          and ${notificationDeliveries.status} in ('pending', 'sending')
          and ${notificationDeliveries.sendAfter} < now() + make_interval(mins => ${MAIL_DUE_MINUTES}))`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.outstanding);
}

/** Its people's sign-ins end and their sockets drop (a closed organization has none left, unless one raced the closing). */
async function signOutPeople(deps: ErasureDeps, organizationId: string) {
  const ended = await deps.db
    .delete(sessions)
    .where(
      inArray(
        sessions.userId,
        deps.db.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId)),
      ),
    )
    .returning({ id: sessions.id });
  if (deps.live)
    disconnectSessions(
      deps.live.app,
      ended.map((row) => row.id),
    );
}

/**
 * Rows of every table listed in the modules' organizationData, and its files (with its pictures
 * kept by other organizations, and its exports' archives).
 */
async function countOrganization(db: Database, tables: readonly OrganizationDataTable[], organizationId: string) {
  let rows = 0;
  for (const entry of tables) {
    const [counted] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(entry.table)
      .where(entry.belongsTo(organizationId));
    rows += counted?.count ?? 0;
  }
  const [ownFiles] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(files)
    .where(eq(files.organizationId, organizationId));
  const archives = (await exportArchives(db, organizationId, null)).length;
  const pictures = (await picturesShownOnlyBy(db, organizationId, null)).length;
  return { rows: rows + pictures, files: (ownFiles?.count ?? 0) + pictures + archives };
}

/** Its exports' archives still stored (decision 0264): not `files` rows, so no file listing finds them. */
function exportArchives(db: Database, organizationId: string, limit: number | null) {
  return db
    .select({ id: organizationExports.id, key: organizationExports.storageKey })
    .from(organizationExports)
    .where(and(eq(organizationExports.organizationId, organizationId), isNotNull(organizationExports.storageKey)))
    .limit(limit ?? 2 ** 31 - 1);
}

/**
 * Files rows of pictures its rows show (its logo, its departments' images, its people's avatars)
 * that another organization's uploader owns (an admin set the logo) and nothing outside it shows.
 */
function picturesShownOnlyBy(db: Database, organizationId: string, limit: number | null) {
  const url = sql`('/api/files/' || ${files.key})`;
  const org = sql`${organizationId}::uuid`;
  return db
    .select({ id: files.id, key: files.key })
    .from(files)
    .where(
      sql`${files.recordType} is null and ${files.organizationId} is distinct from ${org}
        and ${url} in (select logo from organizations where id = ${org}
          union all select image_url from departments where organization_id = ${org}
          union all select profile_image from users where organization_id = ${org})
        and not exists (select 1 from organizations o where o.logo = ${url} and o.id <> ${org})
        and not exists (select 1 from departments d where d.image_url = ${url} and d.organization_id <> ${org})
        and not exists (select 1 from users u where u.profile_image = ${url} and u.organization_id is distinct from ${org})`,
    )
    .limit(limit ?? 2 ** 31 - 1);
}

/** Stored bytes the organization's rows name: how to find a batch of them, and the rows' table and id. */
interface StoredBytes {
  find(limit: number): Promise<{ id: string; key: string | null }[]>;
  table: PgTable;
  id: PgColumn;
}

/**
 * Removes the bytes, then their rows, a batch at a time: killed between the two, the next run finds
 * the rows and removes again. False when the time ran out first.
 */
async function removeStored(deps: ErasureDeps, stored: StoredBytes, timeLeft: () => boolean): Promise<boolean> {
  for (;;) {
    const batch = await stored.find(BATCH_ROWS);
    for (let start = 0; start < batch.length; start += PARALLEL_REMOVALS)
      await Promise.all(
        batch.slice(start, start + PARALLEL_REMOVALS).map(({ key }) => (key ? deps.storage.remove(key) : undefined)),
      );
    if (batch.length > 0)
      await deps.db.delete(stored.table).where(
        inArray(
          stored.id,
          batch.map((row) => row.id),
        ),
      );
    if (batch.length < BATCH_ROWS) return true;
    if (!timeLeft()) return false;
  }
}

/**
 * Deletes batches until the organization's rows are gone (true) or the time is up (false): its
 * pictures kept by others first (its rows name them), then its files with their bytes, its exports'
 * archives with their rows, then each listed table children first, the organization row left for
 * the last run. An export still building when its row goes removes its own archive (its job finds
 * no row to mark ready).
 */
async function deleteForAWhile(deps: ErasureDeps, organizationId: string, until: number): Promise<boolean> {
  const { db } = deps;
  const timeLeft = () => Date.now() < until;
  const stored: StoredBytes[] = [
    { find: (limit) => picturesShownOnlyBy(db, organizationId, limit), table: files, id: files.id },
    {
      find: (limit) =>
        db
          .select({ id: files.id, key: files.key })
          .from(files)
          .where(eq(files.organizationId, organizationId))
          .limit(limit),
      table: files,
      id: files.id,
    },
    {
      find: (limit) => exportArchives(db, organizationId, limit),
      table: organizationExports,
      id: organizationExports.id,
    },
  ];
  for (const bytes of stored) if (!(await removeStored(deps, bytes, timeLeft))) return false;
  for (const entry of deps.tables) {
    if (entry.table === organizations) continue;
    const where = entry.belongsTo(organizationId);
    const table = entry.table;
    for (;;) {
      const result = (await db.execute(
        sql`delete from ${table} where ctid = any(array(select ctid from ${table} where ${where} limit ${BATCH_ROWS}))`,
      )) as unknown as { rowCount?: number; affectedRows?: number };
      const deleted = result.rowCount ?? result.affectedRows ?? 0;
      if (deleted < BATCH_ROWS) break;
      if (!timeLeft()) return false;
    }
  }
  return true;
}

/** The job and its daily retention schedule (organizationsModule.jobs). */
export async function startOrganizationErasure(app: FastifyInstance) {
  const deps: ErasureDeps = {
    db: app.db,
    storage: app.storage,
    jobs: app.jobs,
    // Ordered once at start: a manifest with no deletion order stops the server there.
    tables: childrenFirst(app.organizationData),
    live: { app },
    retentionDays: app.config.closedOrganizationRetentionDays,
    now: () => new Date(app.clock()),
  };
  await app.jobs.define<ErasureJob>(ERASURE_QUEUE, async (job) => {
    const step = await runErasure(deps, job);
    if (step === 'erased') app.log.info({ organizationId: job.organizationId }, 'organization erased');
  });
  await app.jobs.schedule(RETENTION_JOB, RETENTION_CRON, async () => {
    const queued = await eraseExpiredOrganizations(app.db, app.jobs, deps.retentionDays, deps.now());
    if (queued.length > 0) app.log.info({ organizations: queued.length }, 'closed organizations queued for erasure');
  });
}
