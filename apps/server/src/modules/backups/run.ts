import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type BackupRunStatus, formatFileSize, NOTIFICATION_EXCERPT_LENGTH, ROLE_FLAGS, ROLES } from '@smart/contracts';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type BackupSource, writeBackup } from '../../backup/backup.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { backupRuns, users } from '../../db/schema/index.js';
import { notify } from '../../lib/outbox.js';
import type { FileStorage } from '../../storage/index.js';
import { archiveNamesAt, archivesToPrune, partialArchives } from './archive-names.js';
import type { VerificationSummary } from './verify-task.js';

/*
 * One scheduled backup (decision 0263): claim the one `running` row, write the archive under a
 * partial name, verify it, give it its name (verified or unverified), record how it went, tell
 * every admin when it failed, and remove the archives beyond BACKUP_KEEP.
 */

/** How often a run moves its heartbeat on, and how old a heartbeat is when its run is taken for killed. */
const HEARTBEAT_MS = 30_000;
const KILLED_AFTER_SECONDS = 180;
/**
 * A run is due this long before its interval has passed: the hourly check that comes a few
 * seconds short of the interval (the last run started a little after its check) takes it.
 */
const DUE_SLACK_MS = 5 * 60_000;
const HOUR_MS = 60 * 60_000;
/** The longest failure text a run keeps. */
const MAX_ERROR_LENGTH = 500;

export const KILLED_RUN_ERROR = 'Stopped before it finished: the server stopped or restarted while it ran.';

export interface BackupRunDependencies {
  db: Database;
  source: BackupSource;
  storage: FileStorage;
  settings: Config['backups'] & { dir: string };
  /** Verifies an archive off the requests' thread (the CPU pool), or throws why not. */
  verify(file: string): Promise<VerificationSummary>;
  now?: () => Date;
}

export type BackupRunOutcome =
  | { ran: false; reason: 'not-due' | 'running-elsewhere' }
  | { ran: true; id: string; status: BackupRunStatus; fileName: string | null };

/** When the next run is due: the interval after the last start, or now when none ran. */
export function dueAt(lastStartedAt: Date | null, intervalHours: number, now: Date): Date {
  return lastStartedAt ? new Date(lastStartedAt.getTime() + intervalHours * HOUR_MS) : now;
}

/** The hourly check that takes a run due at `due` (checks run on the hour, UTC). */
export function checkTakingRunDueAt(due: Date, now: Date): Date {
  const from = Math.max(due.getTime() - DUE_SLACK_MS, now.getTime());
  return new Date(Math.ceil(from / HOUR_MS) * HOUR_MS);
}

export async function lastStartedAt(db: Database): Promise<Date | null> {
  const [last] = await db
    .select({ startedAt: backupRuns.startedAt })
    .from(backupRuns)
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return last?.startedAt ?? null;
}

/**
 * A failure as a run records and tells it: the message, with every path cut to its last part and
 * any password in a URL left out (the backup folder and the server's paths are no admin's business
 * in an e-mail).
 */
export function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1')
    .replace(/(?<=^|[\s'"`(=])(?:[A-Za-z]:)?(?:[\\/][^\s\\/'"`:,;()]+)+[\\/]?/g, (found) => path.basename(found))
    .slice(0, MAX_ERROR_LENGTH);
}

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

function verificationText(summary: VerificationSummary): string {
  return `Every checksum matched; restored into a throwaway: ${plural(summary.tables, 'table')}, ${plural(summary.rows, 'row')} as counted at the backup; ${plural(summary.files, 'file')} (${formatFileSize(summary.bytes)}).`;
}

/** The people told of a failed backup: every active user whose role reaches all organizations (admins). */
async function adminIds(db: Database): Promise<string[]> {
  const roles = ROLES.filter((role) => ROLE_FLAGS[role].canAccessAllOrganizations);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, roles), eq(users.isActive, true)));
  return rows.map((row) => row.id);
}

/** Runs a backup if one is due and none runs: the scheduled job's work, once per check across processes. */
export async function runScheduledBackup(deps: BackupRunDependencies): Promise<BackupRunOutcome> {
  const { db, settings } = deps;
  const now = deps.now ?? (() => new Date());
  // A run whose heartbeat stopped was killed: it failed (the next run removes its partial archive).
  await db
    .update(backupRuns)
    .set({ status: 'failed', finishedAt: now(), error: KILLED_RUN_ERROR })
    .where(
      and(
        eq(backupRuns.status, 'running'),
        lt(backupRuns.heartbeatAt, sql`now() - make_interval(secs => ${KILLED_AFTER_SECONDS})`),
      ),
    );
  if (dueAt(await lastStartedAt(db), settings.intervalHours, now()).getTime() - DUE_SLACK_MS > now().getTime()) {
    return { ran: false, reason: 'not-due' };
  }
  const startedAt = now();
  // Only one row may be running (backup_runs_one_running): a run elsewhere keeps this one out.
  const [claimed] = await db
    .insert(backupRuns)
    .values({ startedAt, status: 'running' })
    .onConflictDoNothing()
    .returning({ id: backupRuns.id });
  if (!claimed) return { ran: false, reason: 'running-elsewhere' };
  const heartbeat = setInterval(() => {
    db.update(backupRuns)
      .set({ heartbeatAt: sql`now()` })
      .where(eq(backupRuns.id, claimed.id))
      .catch(() => {
        // The database away for a moment: the next beat tries again.
      });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    return await writeAndVerify(deps, claimed.id, startedAt);
  } finally {
    clearInterval(heartbeat);
  }
}

async function writeAndVerify(
  deps: BackupRunDependencies,
  id: string,
  startedAt: Date,
): Promise<Extract<BackupRunOutcome, { ran: true }>> {
  const { settings } = deps;
  const names = archiveNamesAt(startedAt);
  const inDir = (name: string) => path.join(settings.dir, name);
  try {
    await mkdir(settings.dir, { recursive: true, mode: 0o700 });
    for (const left of partialArchives(await readdir(settings.dir))) await rm(inDir(left), { force: true });
    await writeBackup(deps.source, deps.storage, inDir(names.partial));
  } catch (error) {
    await rm(inDir(names.partial), { force: true }).catch(() => undefined);
    return finish(deps, id, { status: 'failed', fileName: null, error: failureText(error) });
  }
  let status: BackupRunStatus;
  let fileName: string;
  let verification: string | null = null;
  let error: string | null = null;
  try {
    verification = verificationText(await deps.verify(inDir(names.partial)));
    status = 'ok';
    fileName = names.verified;
  } catch (failure) {
    status = 'verification_failed';
    fileName = names.unverified;
    error = failureText(failure);
  }
  let sizeBytes: number;
  try {
    await rename(inDir(names.partial), inDir(fileName));
    sizeBytes = (await stat(inDir(fileName))).size;
  } catch (failure) {
    return finish(deps, id, { status: 'failed', fileName: null, error: failureText(failure) });
  }
  const outcome = await finish(deps, id, { status, fileName, sizeBytes, verification, error });
  // An archive that will not go now is still its own: the next run tries again.
  await prune(settings, fileName).catch(() => undefined);
  return outcome;
}

interface Ending {
  status: BackupRunStatus;
  fileName: string | null;
  sizeBytes?: number;
  verification?: string | null;
  error: string | null;
}

/** Records how the run ended; a failure is told to every admin in the same transaction (the outbox). */
async function finish(deps: BackupRunDependencies, id: string, ending: Ending) {
  const { db } = deps;
  const admins = ending.status === 'ok' ? [] : await adminIds(db);
  await db.transaction(async (tx) => {
    await tx
      .update(backupRuns)
      .set({
        status: ending.status,
        finishedAt: (deps.now ?? (() => new Date()))(),
        fileName: ending.fileName,
        sizeBytes: ending.sizeBytes ?? null,
        verification: ending.verification ?? null,
        error: ending.error,
      })
      .where(eq(backupRuns.id, id));
    if (admins.length === 0) return;
    await notify(db, tx, {
      type: 'backup_failed',
      organizationId: null,
      record: { type: 'backup', id },
      actorId: null,
      audience: { users: admins },
      data: {
        title: ending.fileName ?? 'Scheduled backup',
        to: ending.status,
        ...(ending.error && { excerpt: ending.error.slice(0, NOTIFICATION_EXCERPT_LENGTH) }),
      },
    });
  });
  return { ran: true as const, id, status: ending.status, fileName: ending.fileName };
}

/** Removes the archives beyond BACKUP_KEEP (archive-names.ts says which). */
async function prune(settings: BackupRunDependencies['settings'], justWritten: string) {
  const names = await readdir(settings.dir);
  for (const name of archivesToPrune(names, settings.keep, justWritten)) {
    await rm(path.join(settings.dir, name), { force: true });
  }
}
