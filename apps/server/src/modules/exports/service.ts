import type {
  auditLogExportQuery,
  ExportKind,
  memberExportQuery,
  projectExportQuery,
  taskExportQuery,
  ticketExportQuery,
  timeEntryExportQuery,
} from '@smart/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { organizations, projects, tasks, tickets, users } from '../../db/schema/index.js';
import { type KeysetWalk, keysetBatches, keysetTerms, selectWalk } from '../../lib/keyset.js';
import { uuidArray } from '../../lib/sql.js';
import {
  type Actor,
  isAdvisor,
  organizationIdsWorkedFor,
  requireActsInNamed,
  seesAllOrganizations,
} from '../../lib/tenancy.js';
import { auditLogBatches, auditOrganization } from '../audit-log/index.js';
import { findOrganization, findPlatformOrganization } from '../organizations/index.js';
import { PROJECT_LIST_ORDER, projectList, selectProjectRecords } from '../projects/index.js';
import { myTasksOrder, myTasksWhere, selectTaskRecords } from '../tasks/index.js';
import { selectTicketRecords, ticketList } from '../tickets/index.js';
import { timeEntryListWhere, timeEntryWalk } from '../time-entries/index.js';
import { selectUserRecords, USER_LIST_ORDER, userList } from '../users/index.js';
import {
  auditLogLine,
  type ExportLine,
  memberLine,
  projectLine,
  taskLine,
  ticketLine,
  timeEntryLine,
} from './presenter.js';

/**
 * CSV exports: each kind's rows are its list's, through the list's own filter
 * (tickets/service.ts ticketList, …), so the export holds what the list shows the caller and
 * refuses whom the list refuses; read in keyset batches (lib/keyset.ts) in the list's order.
 * An organization the query names where the caller does not act is 404, as any other tenant's
 * record (the list would show nothing, or the caller's own), asked after the list's own checks so
 * that a role the list refuses gets the list's answer.
 */

/** A kind's lines, batch by batch; nothing is read until the first batch is asked for. */
export type ExportLines<K extends ExportKind> = AsyncIterable<ExportLine<K>[]>;

async function* linesOf<T, K extends ExportKind>(
  walk: KeysetWalk<T>,
  line: (row: T) => ExportLine<K>,
): AsyncGenerator<ExportLine<K>[]> {
  for await (const batch of keysetBatches(walk)) yield batch.map(line);
}

/** The names of the records' organizations (a project row has the id only): one query a batch. */
async function organizationNames(db: Database, records: { organizationId: string }[]) {
  const ids = [...new Set(records.map((record) => record.organizationId))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(sql`${organizations.id} = any(${uuidArray(ids)})`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A kind's lines for the caller's query, read in batches of `batchRows`. */
type LinesOf<K extends ExportKind, Query extends z.ZodType> = (
  db: Database,
  actor: Actor,
  query: z.output<Query>,
  batchRows: number,
) => Promise<ExportLines<K>>;

export const ticketLines: LinesOf<'tickets', typeof ticketExportQuery> = async (db, actor, query, batchRows) => {
  const { where, order, descending } = await ticketList(db, actor, query);
  await requireActsInNamed(db, actor, query.organizationId);
  const terms = keysetTerms(order, descending);
  const walk = selectWalk(db, {
    select: selectTicketRecords,
    where,
    terms,
    batchRows,
    table: tickets,
    idOf: (record) => record.ticket.id,
  });
  return linesOf(walk, ticketLine);
};

export const taskLines: LinesOf<'tasks', typeof taskExportQuery> = async (db, actor, query, batchRows) => {
  const where = and(
    await myTasksWhere(db, actor, query),
    query.projectId ? eq(tasks.projectId, query.projectId) : undefined,
    query.objectiveId ? eq(tasks.objectiveId, query.objectiveId) : undefined,
  );
  await requireActsInNamed(db, actor, query.organizationId);
  const walk = selectWalk(db, {
    select: selectTaskRecords,
    where,
    terms: myTasksOrder(query),
    batchRows,
    // The sorts by project and by organization read their row.
    keyOf: (id, key) =>
      db
        .select({ key })
        .from(tasks)
        .innerJoin(projects, eq(projects.id, tasks.projectId))
        .innerJoin(organizations, eq(organizations.id, tasks.organizationId))
        .where(eq(tasks.id, id))
        .limit(1),
    idOf: (record) => record.task.id,
  });
  return linesOf(walk, taskLine);
};

export const projectLines: LinesOf<'projects', typeof projectExportQuery> = async (db, actor, query, batchRows) => {
  const { where } = await projectList(db, actor, query);
  await requireActsInNamed(db, actor, query.organizationId);
  const terms = keysetTerms(PROJECT_LIST_ORDER, true);
  const walk = selectWalk(db, {
    select: selectProjectRecords,
    where,
    terms,
    batchRows,
    table: projects,
    idOf: (record) => record.project.id,
  });
  // A project's row has its organization's id only: each batch's names are read with it.
  const rows = async (window: Parameters<typeof walk.rows>[0]) => {
    const records = await walk.rows(window);
    const names = await organizationNames(db, records);
    return records.map((record) => ({ ...record, organizationName: names.get(record.organizationId) ?? '' }));
  };
  return linesOf({ ...walk, rows }, projectLine);
};

export const memberLines: LinesOf<'members', typeof memberExportQuery> = async (db, actor, query, batchRows) => {
  const { where } = await userList(db, actor, query);
  await requireActsInNamed(db, actor, query.organizationId);
  const terms = keysetTerms(USER_LIST_ORDER);
  const walk = selectWalk(db, {
    select: selectUserRecords,
    where,
    terms,
    batchRows,
    table: users,
    idOf: (record) => record.user.id,
  });
  return linesOf(walk, memberLine);
};

export const timeEntryLines: LinesOf<'time-entries', typeof timeEntryExportQuery> = async (
  db,
  actor,
  query,
  batchRows,
) => {
  const where = await timeEntryListWhere(db, actor, query);
  await requireActsInNamed(db, actor, query.organizationId);
  return linesOf(timeEntryWalk(db, where, batchRows, true), timeEntryLine);
};

/** Whoever reaches several organizations' records (admins, advisors): its files name each row's. */
export const reachesSeveral = (actor: Actor) => seesAllOrganizations(actor) || isAdvisor(actor);

/**
 * The organizations whose audit log records an export: the one it names; else an admin's on the
 * platform organization, an advisor's on each organization it advises, anyone else's on its own.
 */
export async function exportedOrganizations(db: Database, actor: Actor, named: string | undefined): Promise<string[]> {
  if (named) return [named];
  if (seesAllOrganizations(actor)) {
    const platform = await findPlatformOrganization(db);
    return platform ? [platform.id] : [];
  }
  const advised = isAdvisor(actor) ? await organizationIdsWorkedFor(db, actor) : [];
  if (advised.length > 0) return advised;
  return actor.organizationId ? [actor.organizationId] : [];
}

/** A query name as a person reads it: "assignedTo" → "Assigned to", "organizationId" → "Organization". */
const filterLabel = (name: string) => {
  const words = name
    .replace(/Id$/, '')
    .replace(/([A-Z])/g, ' $1')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The audit line's account of an export's query, as the log's reader reads it: "Search: printer;
 * Status: open" (its sort aside); the organization by its name, not its id.
 */
export async function describeFilters(db: Database, query: Record<string, unknown>): Promise<string> {
  const named = typeof query.organizationId === 'string' ? await findOrganization(db, query.organizationId) : null;
  const parts = Object.entries(query)
    .filter(([name, value]) => value !== undefined && name !== 'sort' && name !== 'order')
    .map(([name, value]) => {
      const shown = name === 'organizationId' && named ? named.name : String(value);
      return `${filterLabel(name)}: ${shown}`;
    });
  return parts.length > 0 ? parts.join('; ') : 'no filters';
}

/** The organization's audit log (org_admin, admin): its own keyset batches (audit-log/service.ts). */
export async function auditLogLines(
  db: Database,
  actor: Actor,
  query: z.output<typeof auditLogExportQuery>,
  batchRows: number,
): Promise<ExportLines<'audit-log'>> {
  const organizationId = await auditOrganization(db, actor, query.organizationId);
  const batches = auditLogBatches(db, actor, { ...query, organizationId }, batchRows);
  return (async function* () {
    for await (const lines of batches) yield lines.map(auditLogLine);
  })();
}
