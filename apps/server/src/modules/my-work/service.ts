import { DUE_SOON_DAYS, MY_WORK_ITEMS, type PlatformFigures, UNRESOLVED_TICKET_STATUSES } from '@smart/contracts';
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  advisorAssignments,
  objectives,
  organizations,
  projects,
  rowCounts,
  tasks,
  tickets,
  users,
} from '../../db/schema/index.js';
import { forbidden } from '../../lib/errors.js';
import { qualified } from '../../lib/sql.js';
import { type Actor, activeAssignment } from '../../lib/tenancy.js';
import { hasUnreadMessages, selectConversationRecords } from '../messenger/index.js';
import { reachableTasks } from '../tasks/index.js';
import { handlesTicketsWhereActing, ticketScope } from '../tickets/index.js';
import { standingInFor } from '../time-away/index.js';
import { canReadPlatformFigures } from './policy.js';

/**
 * "My work": each block is ONE statement, its rows and its counts together, on indexed
 * columns, scoped by the same functions as the records' own lists.
 */

/** A block's count over every matching row, before the LIMIT. */
const total = sql<number>`count(*) over ()`.mapWith(Number);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition}) over ()`.mapWith(Number);

/**
 * The caller's open tasks that are overdue or due in the DUE_SOON_DAYS from today on (today
 * included, as My Tasks' "next 7 days"), overdue first, in the tasks it reaches (My Tasks' rule),
 * over tasks_assignee_due_idx.
 */
export function tasksDueSoon(db: Database, actor: Actor, today: string | undefined) {
  const day = today ? sql`${today}::date` : sql`current_date`;
  const overdue = sql`${tasks.dueDate} < ${day}`;
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      priority: tasks.priority,
      dueDate: sql<string>`${tasks.dueDate}`,
      overdue: sql<boolean>`${overdue}`,
      projectId: projects.id,
      projectTitle: projects.title,
      objectiveId: objectives.id,
      objectiveTitle: objectives.title,
      total,
      overdueTotal: countWhere(overdue),
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(objectives, eq(objectives.id, tasks.objectiveId))
    .where(
      and(
        eq(tasks.assignedTo, actor.id),
        ne(tasks.status, 'completed'),
        sql`${tasks.dueDate} < ${day} + ${sql.raw(String(DUE_SOON_DAYS))}`,
        reachableTasks(actor),
      ),
    )
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(MY_WORK_ITEMS);
}

/** Most urgent first, then the longest waiting. */
const URGENCY = [desc(tickets.priority), asc(tickets.createdAt), asc(tickets.id)];

/**
 * Open and in-progress tickets waiting for the caller in its ticket scope (the tickets list's):
 * assigned to it, and for an org_admin or an advisor also the unassigned ones of the organizations
 * it acts in. Most urgent first, then the longest waiting.
 *
 * Still one statement, but not one window over every waiting ticket: an advisor of busy
 * organizations has tens of thousands unassigned (50 ms at platform size). Each group gives its own
 * first MY_WORK_ITEMS and its own count from its own index (tickets_assignee_created_idx,
 * tickets_unassigned_idx, index-only), and only the few rows shown are read whole.
 */
export async function ticketsWaiting(db: Database, actor: Actor, today?: string) {
  const scope = await ticketScope(db, actor, undefined);
  const waitingOf = (whose: SQL) => and(scope, inArray(tickets.status, [...UNRESOLVED_TICKET_STATUSES]), whose) as SQL;
  const countOf = (whose: SQL) => sql<number>`(select count(*) from ${tickets} where ${waitingOf(whose)})`;
  const firstOf = (whose: SQL, order: SQL[] = URGENCY) =>
    db
      .select({ id: tickets.id, priority: tickets.priority, createdAt: tickets.createdAt })
      .from(tickets)
      .where(waitingOf(whose))
      .orderBy(...order)
      .limit(MY_WORK_ITEMS);
  const mine = eq(tickets.assignedTo, actor.id);
  const unassigned = handlesTicketsWhereActing(actor) ? isNull(tickets.assignedTo) : undefined;
  // Service levels: the caller's own past their warning share come first, however low their
  // priority (tickets_assignee_sla_warn_idx; the unassigned ones' handlers hear of them by notice).
  const nearBreach = and(mine, sql`${tickets.slaWarnAt} <= now()`) as SQL;
  const byDue = [asc(tickets.slaDueAt), asc(tickets.id)];
  // Time away: an advisor's substitute finds the absent advisor's open tickets of those organizations.
  const standIn = standingInFor(
    actor.id,
    tickets.assignedTo,
    tickets.organizationId,
    today ? sql`${today}::date` : undefined,
  );
  const first = (
    unassigned
      ? union(firstOf(mine), firstOf(unassigned), firstOf(nearBreach, byDue), firstOf(standIn))
      : union(firstOf(mine), firstOf(nearBreach, byDue), firstOf(standIn))
  ).as('first');
  const assignedToMeTotal = countOf(mine);
  // Read from the ticket joined below: the groups stay index-only (tickets_unassigned_idx holds no warning time).
  const isNear = sql`coalesce(${tickets.slaWarnAt} <= now(), false)`;
  return db
    .select({
      id: tickets.id,
      title: tickets.title,
      status: tickets.status,
      priority: tickets.priority,
      createdAt: tickets.createdAt,
      assignedToMe: sql<boolean>`coalesce(${mine}, false)`,
      organizationName: organizations.name,
      sla: sql<'breached' | 'at_risk' | null>`case when ${tickets.slaDueAt} < now() then 'breached'
        when ${tickets.slaWarnAt} <= now() then 'at_risk' end`,
      standingInFor: sql<
        string | null
      >`case when ${tickets.assignedTo} <> ${actor.id} then (select trim(${users.firstName}
        || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${tickets.assignedTo}) end`,
      total: (unassigned
        ? sql`${assignedToMeTotal} + ${countOf(unassigned)} + ${countOf(standIn)}`
        : sql`${assignedToMeTotal} + ${countOf(standIn)}`
      ).mapWith(Number),
      assignedToMeTotal: assignedToMeTotal.mapWith(Number),
      standInTotal: countOf(standIn).mapWith(Number),
      nearBreachTotal: countOf(nearBreach).mapWith(Number),
    })
    .from(first)
    .innerJoin(tickets, eq(tickets.id, first.id))
    .innerJoin(organizations, eq(organizations.id, tickets.organizationId))
    .orderBy(desc(isNear), desc(first.priority), asc(first.createdAt), asc(first.id))
    .limit(MY_WORK_ITEMS);
}

/** The caller's conversations with unread messages, newest activity first (the messenger list's query). */
export const unreadConversations = (db: Database, actor: Actor) =>
  selectConversationRecords(db, actor, hasUnreadMessages(actor)).limit(MY_WORK_ITEMS);

export async function readMyWork(db: Database, actor: Actor, today: string | undefined) {
  const [taskRows, ticketRows, conversationRows] = await Promise.all([
    tasksDueSoon(db, actor, today),
    ticketsWaiting(db, actor, today),
    unreadConversations(db, actor),
  ]);
  return { taskRows, ticketRows, conversationRows };
}
export type MyWorkRecords = Awaited<ReturnType<typeof readMyWork>>;

const unresolved = sql.join(
  UNRESOLVED_TICKET_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * GET /api/my-work/platform: the admin's figures in one statement. People are the trigger-kept
 * row counts (row_counts), advisors the partial index users_advisors_name_idx, open tickets an
 * index-only count over tickets_organization_status_idx.
 */
export async function platformFigures(db: Database, actor: Actor): Promise<PlatformFigures> {
  if (!canReadPlatformFigures(actor)) throw forbidden();
  const advisor = sql`${qualified(users.role)} = 'advisor'`;
  const { rows } = (await db.execute(sql`
    select
      (select count(*) from ${organizations}) as "organizations",
      (select coalesce(sum(${qualified(rowCounts.total)}), 0) from ${rowCounts}
        where ${qualified(rowCounts.tableName)} = 'users') as "people",
      (select count(*) from ${users} where ${advisor}) as "advisors",
      (select count(*) from ${advisorAssignments}
        where ${activeAssignment(qualified(advisorAssignments.advisorId), qualified(advisorAssignments.organizationId))})
        as "activeAssignments",
      (select count(*) from ${users} where ${advisor} and not exists (
        select 1 from ${advisorAssignments} where ${activeAssignment(qualified(users.id), qualified(advisorAssignments.organizationId))}
      )) as "advisorsWithoutAssignment",
      open.total as "openTickets",
      open.unassigned as "unassignedOpenTickets"
    from (select count(*) as total, count(*) filter (where ${qualified(tickets.assignedTo)} is null) as unassigned
      from ${tickets} where ${qualified(tickets.status)} in (${unresolved})) open`)) as unknown as {
    rows: Record<keyof PlatformFigures, string | number>[];
  };
  const [row] = rows;
  const figure = (key: keyof PlatformFigures) => Number(row?.[key] ?? 0);
  return {
    organizations: figure('organizations'),
    people: figure('people'),
    advisors: figure('advisors'),
    activeAssignments: figure('activeAssignments'),
    advisorsWithoutAssignment: figure('advisorsWithoutAssignment'),
    openTickets: figure('openTickets'),
    unassignedOpenTickets: figure('unassignedOpenTickets'),
  };
}
