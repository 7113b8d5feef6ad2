import {
  AUDIT_MAX_DEPTH,
  type AuditAction,
  type AuditLogQuery,
  type AuditTargetType,
  type AuditView,
  auditViewOf,
  DEFAULT_AUDIT_VIEW,
  type PageQuery,
  UI_TEXT,
} from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inBulkReadTurn } from '../../lib/bulk-reads.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { type Page, pagination } from '../../lib/paging.js';
import { type Actor, canActInOrganization, requireOrganization } from '../../lib/tenancy.js';
import type { UserSummaryRow } from '../people/index.js';
import { canReadAuditLog } from './policy.js';
import type { AuditLine } from './presenter.js';

/**
 * What narrows the log: one organization (required), and optionally its view (changes or exports),
 * a person, an action, a range of days.
 */
export interface AuditFilter {
  organizationId: string;
  view?: AuditView | undefined;
  actorId?: string | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The organization whose log the actor reads: the one named, or its own. One it cannot act in is
 * 404 (another tenant's, or none at all); one it acts in without managing it is 403.
 */
export async function auditOrganization(db: Database, actor: Actor, named: string | undefined): Promise<string> {
  const organizationId = named ?? actor.organizationId;
  if (!organizationId || !(await canActInOrganization(db, actor, organizationId))) {
    throw notFound(UI_TEXT.organizationNotFound);
  }
  await requireOrganization(db, organizationId);
  if (!canReadAuditLog(actor, organizationId)) throw forbidden();
  return organizationId;
}

/** The log's three sources: its own events, and the organization's task and ticket histories. */
const SOURCES = [
  { name: 'event', prefix: null },
  { name: 'task', prefix: 'task.' },
  { name: 'ticket', prefix: 'ticket.' },
] as const;
type Source = (typeof SOURCES)[number];

/** The view a filter reads: the one named, else its action's, else the changes (decision 0200). */
const viewOf = (filter: AuditFilter): AuditView =>
  filter.view ?? (filter.action ? auditViewOf(filter.action) : DEFAULT_AUDIT_VIEW);

/**
 * The sources a filter's lines can come from: exports are only events; an action comes from the
 * one source its prefix names; the changes from all three.
 */
const sourcesFor = (filter: AuditFilter) => {
  const { action } = filter;
  return SOURCES.filter((source) =>
    viewOf(filter) === 'exports'
      ? source.prefix === null
      : action === undefined
        ? true
        : source.prefix === null
          ? !action.startsWith('task.') && !action.startsWith('ticket.')
          : action.startsWith(source.prefix),
  );
};

/** The instant a day (YYYY-MM-DD) starts in the actor's time zone. */
const dayStart = (day: string, actorId: string) =>
  sql`(${day}::date)::timestamp at time zone coalesce((select time_zone from users where id = ${actorId}::uuid), 'UTC')`;

/**
 * A source's rows matching the filter, with columns in the log's shape. `alias.created_at` and
 * `alias.id` order it; a keyset `before` continues after a line already read (the CSV export).
 */
function sourceSelect(source: Source, filter: AuditFilter, actorId: string, before?: AuditCursor): SQL {
  const conditions: SQL[] = [sql`a.organization_id = ${filter.organizationId}::uuid`];
  if (filter.actorId) conditions.push(sql`a.actor_id = ${filter.actorId}::uuid`);
  if (filter.from) conditions.push(sql`a.created_at >= ${dayStart(filter.from, actorId)}`);
  if (filter.to) conditions.push(sql`a.created_at < ${dayStart(filter.to, actorId)} + interval '1 day'`);
  if (before) {
    conditions.push(sql`(a.created_at, a.id) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`);
  }
  if (filter.action && source.prefix) conditions.push(sql`a.kind::text = ${filter.action.slice(source.prefix.length)}`);
  if (filter.action && !source.prefix) conditions.push(sql`a.action::text = ${filter.action}`);
  // Written as the changes' partial index is (audit_events_organization_changes_idx), so it is used.
  if (!source.prefix) {
    conditions.push(
      viewOf(filter) === 'exports' ? sql`a.action = 'export.created'` : sql`a.action <> 'export.created'`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  switch (source.name) {
    case 'event':
      return sql`select a.id, a.organization_id, a.action::text as action, a.actor_id, a.target_type::text as target_type,
          a.target_id, a.target_label, a.from_value, a.to_value, a.repeat_count, a.created_at
        from audit_events a where ${where}`;
    // A history's record is named by its title now (the page's lines join it, below).
    case 'task':
      return sql`select a.id, a.organization_id, 'task.' || a.kind::text as action, a.actor_id, 'task' as target_type,
          a.task_id as target_id, null::text as target_label, a.from_value, a.to_value, 1 as repeat_count, a.created_at
        from task_activity a where ${where}`;
    case 'ticket':
      return sql`select a.id, a.organization_id, 'ticket.' || a.kind::text as action, a.actor_id, 'ticket' as target_type,
          a.ticket_id as target_id, null::text as target_label, a.from_value, a.to_value, 1 as repeat_count, a.created_at
        from ticket_activity a where ${where}`;
  }
}

/** Where a keyset read of the log continues: after this line (its time as text, to the microsecond). */
export interface AuditCursor {
  createdAt: string;
  id: string;
}

interface AuditRow {
  id: string;
  organization_id: string;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string | null;
  target_label: string;
  from_value: string | null;
  to_value: string | null;
  repeat_count: number;
  created_at: string;
  actor: UserSummaryRow | null;
  task_project_id: string | null;
  task_objective_id: string | null;
}

/**
 * `limit` lines of the log after `skip` newer ones (or after `before`), newest first: each source
 * gives its newest `skip + limit` on its organization-first index, the union is ordered, and only
 * the page's lines are joined to their people. Three index walks whatever the platform holds.
 */
export async function readAuditLines(
  db: Database,
  actor: Actor,
  filter: AuditFilter,
  window: { skip: number; limit: number; before?: AuditCursor },
): Promise<AuditLine[]> {
  const depth = window.skip + window.limit;
  const parts = sourcesFor(filter).map(
    (source) =>
      sql`(${sourceSelect(source, filter, actor.id, window.before)} order by a.created_at desc, a.id desc limit ${depth})`,
  );
  if (parts.length === 0) return [];
  const { rows } = (await db.execute(sql`
    select p.id, p.organization_id, p.action, p.target_type, p.target_id,
      coalesce(p.target_label, task.title, ticket.title, '') as target_label, p.from_value, p.to_value, p.repeat_count,
      task.project_id as task_project_id, task.objective_id as task_objective_id,
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
      case when u.id is null then null else json_build_object('id', u.id, 'email', u.email, 'firstName', u.first_name,
        'lastName', u.last_name, 'profileImage', u.profile_image, 'jobTitle', u.job_title, 'phone', u.phone, 'role', u.role)
      end as actor
    from (
      select * from (${sql.join(parts, sql` union all `)}) lines
      order by created_at desc, id desc offset ${window.skip} limit ${window.limit}
    ) p left join users u on u.id = p.actor_id
      left join tasks task on p.target_type = 'task' and task.id = p.target_id
      left join tickets ticket on p.target_type = 'ticket' and ticket.id = p.target_id
    order by p.created_at desc, p.id desc
  `)) as unknown as { rows: AuditRow[] };
  return rows.map((row) => ({
    id: row.id,
    organizationId: row.organization_id,
    action: row.action,
    actor: row.actor,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    fromValue: row.from_value,
    toValue: row.to_value,
    count: Number(row.repeat_count),
    createdAt: new Date(row.created_at),
    key: { createdAt: row.created_at, id: row.id },
    task:
      row.task_project_id && row.task_objective_id
        ? { projectId: row.task_project_id, objectiveId: row.task_objective_id }
        : null,
  }));
}

/** How many lines match the filter: one count per source, on the same indexes, at once. */
async function countAuditLines(db: Database, actor: Actor, filter: AuditFilter): Promise<number> {
  const counts = await Promise.all(
    sourcesFor(filter).map(async (source) => {
      const { rows } = (await db.execute(
        sql`select count(*)::int as total from (${sourceSelect(source, filter, actor.id)}) matches`,
      )) as unknown as { rows: { total: number }[] };
      return Number(rows[0]?.total ?? 0);
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/** GET /api/audit-log: a page of one organization's log and how many lines the filter holds. */
export async function listAuditLog(
  db: Database,
  actor: Actor,
  query: AuditLogQuery & PageQuery,
): Promise<Page<AuditLine>> {
  const organizationId = await auditOrganization(db, actor, query.organizationId);
  const skip = (query.page - 1) * query.limit;
  if (skip + query.limit > AUDIT_MAX_DEPTH) throw badRequest(UI_TEXT.auditLogTooDeep);
  const filter: AuditFilter = { ...query, organizationId };
  const [items, total] = await Promise.all([
    readAuditLines(db, actor, filter, { skip, limit: query.limit }),
    countAuditLines(db, actor, filter),
  ]);
  return { items, pagination: pagination(query, total) };
}

/**
 * The whole filtered log, newest first, `batchRows` lines a query, each batch continuing after the
 * last line read (the CSV export): every batch costs the same however deep it reads, and takes its
 * turn among the process's long reads (lib/bulk-reads.ts).
 */
export async function* auditLogBatches(
  db: Database,
  actor: Actor,
  filter: AuditFilter,
  batchRows: number,
): AsyncGenerator<AuditLine[]> {
  let before: AuditCursor | undefined;
  for (;;) {
    const after = before;
    const lines = await inBulkReadTurn(() =>
      readAuditLines(db, actor, filter, { skip: 0, limit: batchRows, ...(after && { before: after }) }),
    );
    if (lines.length > 0) yield lines;
    const last = lines.at(-1);
    if (!last || lines.length < batchRows) return;
    before = last.key;
  }
}
