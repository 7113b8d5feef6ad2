import {
  type createTicketBody,
  sortOrderOf,
  TICKET_SORT_ORDERS,
  type TicketSort,
  type TicketStatus,
  type ticketExportQuery,
  type ticketListQuery,
  UI_TEXT,
  type updateTicketBody,
} from '@smart/contracts';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  files,
  organizations,
  type TicketRow,
  ticketActivity,
  ticketComments,
  ticketSearchText,
  ticketSortTitle,
  tickets,
  users,
} from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { requireNoLockedTime } from '../../lib/locked-time.js';
import { type OrderTerm, type Page, type PageJoin, paginateByIds } from '../../lib/paging.js';
import { actorReader, readableTickets } from '../../lib/read-rules/index.js';
import { trigramSearch } from '../../lib/search.js';
import { qualified } from '../../lib/sql.js';
import {
  type Actor,
  accessIn,
  inScope,
  isAdvisor,
  organizationScope,
  requireActsInNamed,
  seesAllOrganizations,
} from '../../lib/tenancy.js';
import { detachFilesOf, listAttachments } from '../files/index.js';
import { linkMessageToTicket, readableMessageIn } from '../messenger/index.js';
import { readableMentions } from '../notifications/index.js';
import { namesOf, userSummaryOf } from '../people/index.js';
import { awayNoticeAt } from '../time-away/index.js';
import { recordTicketActivity, type TicketActivityEntry } from './activity.js';
import { requireTicketAssignee } from './assignee.js';
import { ticketChangeEvents, ticketCommented, ticketCreated } from './events.js';
import {
  canAssignTicket,
  canChangeTicketStatus,
  canDeleteTicket,
  canEditTicket,
  canRaiseTicketIn,
  type TicketAccess,
} from './policy.js';
import type { TicketCommentRecord, TicketDetailRecord, TicketRecord } from './presenter.js';
import { answeredByComment, applyServiceLevel, clockAfterStatusChange } from './service-level.js';
import { afterStatusChange } from './status.js';

const creator = alias(users, 'ticket_creator');
const assignee = alias(users, 'ticket_assignee');

/** The outer ticket row's comments, over ticket_comments_ticket_created_idx. */
const commentCount = sql<number>`(
  select count(*) from ${ticketComments} where ${qualified(ticketComments.ticketId)} = ${qualified(tickets.id)}
)`.mapWith(Number);

/** The outer ticket row's files, over files_record_idx. */
const attachmentCount = sql<number>`(
  select count(*) from ${files}
  where ${qualified(files.recordType)} = 'ticket' and ${qualified(files.recordId)} = ${qualified(tickets.id)}
)`.mapWith(Number);

/**
 * Tickets with their organization's name, creator, assignee and comment and attachment counts: one
 * query for any number of rows (a page's ids joined first, so the counts are for its rows only).
 */
export function selectTicketRecords(db: Database, page?: PageJoin) {
  const query = db
    .select({
      ticket: tickets,
      organizationName: organizations.name,
      createdBy: userSummaryOf(creator),
      assignee: userSummaryOf(assignee),
      commentCount,
      attachmentCount,
    })
    .from(tickets)
    .$dynamic();
  return (page ? query.innerJoin(page.ids, page.on) : query)
    .innerJoin(organizations, eq(organizations.id, tickets.organizationId))
    .leftJoin(creator, eq(creator.id, tickets.createdBy))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedTo));
}

/**
 * The ticket row with the actor's access (for its permissions) if the actor reads it (lib/read-rules
 * readableTickets), else null.
 */
export async function findReadableTicket(db: Database, actor: Actor, ticketId: string) {
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), readableTickets(actorReader(actor))))
    .limit(1);
  return ticket ? { ticket, access: await accessIn(db, actor, ticket.organizationId) } : null;
}

/** The ticket row with the actor's access, or 404 (missing, another organization, an advisor not assigned there). */
export async function readableTicket(db: Database, actor: Actor, ticketId: string) {
  const found = await findReadableTicket(db, actor, ticketId);
  if (!found) throw notFound(UI_TEXT.ticketNotFound);
  return found;
}

/**
 * The tickets an actor's lists and stats cover: those it reads (lib/read-rules readableTickets), of
 * the organization it names: its own whatever it names; an admin's every one or the one it names;
 * an advisor's those of the organizations it acts in now, or the one of them it names.
 */
export async function ticketScope(db: Database, actor: Actor, organizationId: string | undefined): Promise<SQL> {
  const named = isAdvisor(actor)
    ? organizationId && eq(tickets.organizationId, organizationId)
    : inScope(await organizationScope(db, actor, organizationId), tickets.organizationId);
  return and(readableTickets(actorReader(actor)), named || undefined) as SQL;
}

/** A person's name as the list sorts it (lower-cased "first last"); no one sorts after everyone A→Z. */
const personName = (column: AnyPgColumn) => sql`(
  select lower(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${qualified(column)}
)`;

/**
 * What each sort orders by, the id last so that equal values keep one order across pages.
 * Status, priority and category run in their declared order (open → closed, low → urgent). Every
 * term runs the list's one way, so a group of equal values is by age the same way (oldest first
 * A→Z), and a page is a walk of an (organization_id, value, created_at, id) index either way.
 */
const LIST_ORDERS: Record<TicketSort, OrderTerm[]> = {
  createdAt: [tickets.createdAt, tickets.id],
  updatedAt: [tickets.updatedAt, tickets.id],
  priority: [tickets.priority, tickets.createdAt, tickets.id],
  status: [tickets.status, tickets.createdAt, tickets.id],
  category: [tickets.category, tickets.createdAt, tickets.id],
  title: [ticketSortTitle(tickets), tickets.id],
  createdBy: [personName(tickets.createdBy), tickets.createdAt, tickets.id],
  assignedTo: [personName(tickets.assignedTo), tickets.createdAt, tickets.id],
  organization: [
    sql`(select lower(${organizations.name}) from ${organizations} where ${organizations.id} = ${qualified(tickets.organizationId)})`,
    tickets.createdAt,
    tickets.id,
  ],
  // Running clocks first, soonest due first; the rest (paused, met, untargeted) after them, newest first.
  slaDue: [sql`${tickets.slaDueAt} is null`, tickets.slaDueAt, tickets.id],
};

/** The list's service-level filter, on the generated due and warning times (their indexes). */
function slaCondition(filter: TicketFilters['sla']): SQL | undefined {
  if (filter === 'breached') return sql`${tickets.slaDueAt} < now()`;
  if (filter === 'at_risk') return sql`${tickets.slaWarnAt} <= now() and ${tickets.slaDueAt} >= now()`;
  return undefined;
}

/** The list's filters and sort (its page aside): GET /api/tickets and its CSV export. */
type TicketFilters = z.output<typeof ticketExportQuery>;

/** 'me' is the caller. */
const personOf = (actor: Actor, id: string) => (id === 'me' ? actor.id : id);

function assigneeCondition(actor: Actor, assignedTo: TicketFilters['assignedTo']): SQL | undefined {
  if (assignedTo === undefined) return undefined;
  if (assignedTo === 'unassigned') return isNull(tickets.assignedTo);
  return eq(tickets.assignedTo, personOf(actor, assignedTo));
}

/**
 * The tickets a list of them holds, shared by GET /api/tickets and its CSV export: the caller's
 * scope and the query's filters (`where`), whether a search chooses the rows first, and the order.
 */
export async function ticketList(db: Database, actor: Actor, query: TicketFilters) {
  const search = trigramSearch(ticketSearchText(tickets), query.search);
  const where = and(
    await ticketScope(db, actor, query.organizationId),
    query.status ? eq(tickets.status, query.status) : undefined,
    query.priority ? eq(tickets.priority, query.priority) : undefined,
    query.category ? eq(tickets.category, query.category) : undefined,
    assigneeCondition(actor, query.assignedTo),
    query.createdBy ? eq(tickets.createdBy, personOf(actor, query.createdBy)) : undefined,
    slaCondition(query.sla),
    search.condition,
  );
  return {
    where,
    matchesFirst: search.matchesFirst,
    order: LIST_ORDERS[query.sort],
    descending: sortOrderOf(TICKET_SORT_ORDERS, query.sort, query.order) === 'desc',
  };
}

/**
 * GET /api/tickets: the tickets in the caller's scope, filtered and sorted, with their people and
 * counts. Three queries with the session's, whatever the page size; a search reads tickets_organization_search_idx.
 */
export async function listTickets(
  db: Database,
  actor: Actor,
  query: z.output<typeof ticketListQuery>,
): Promise<{ page: Page<TicketRecord>; access: TicketAccess }> {
  const { where, matchesFirst, order, descending } = await ticketList(db, actor, query);
  const page = await paginateByIds<TicketRecord>(db, query, {
    table: tickets,
    where,
    order,
    descending,
    matchesFirst,
    details: (join) => selectTicketRecords(db, join),
  });
  // The scope keeps an advisor to the organizations it acts in now.
  return { page, access: { actor, advisorActsInOrganization: isAdvisor(actor) } };
}

/** Comments with their authors. */
function selectComments(db: Database) {
  return db
    .select({
      id: ticketComments.id,
      text: ticketComments.text,
      mentions: ticketComments.mentions,
      createdAt: ticketComments.createdAt,
      author: userSummaryOf(users),
    })
    .from(ticketComments)
    .leftJoin(users, eq(users.id, ticketComments.authorId));
}

/** A ticket's history, oldest first, with who did each thing: one query. */
function listActivity(db: Database, ticketId: string) {
  return db
    .select({
      id: ticketActivity.id,
      kind: ticketActivity.kind,
      fromValue: ticketActivity.fromValue,
      toValue: ticketActivity.toValue,
      createdAt: ticketActivity.createdAt,
      actor: userSummaryOf(users),
    })
    .from(ticketActivity)
    .leftJoin(users, eq(users.id, ticketActivity.actorId))
    .where(eq(ticketActivity.ticketId, ticketId))
    .orderBy(asc(ticketActivity.createdAt), asc(ticketActivity.id));
}

/** The ticket with its comments, attachments and history: four queries, whatever their number. */
export async function loadTicketDetail(db: Database, ticketId: string): Promise<TicketDetailRecord> {
  const [[record], comments, attachments, activity] = await Promise.all([
    selectTicketRecords(db).where(eq(tickets.id, ticketId)).limit(1),
    selectComments(db)
      .where(eq(ticketComments.ticketId, ticketId))
      .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id)),
    listAttachments(db, 'ticket', [ticketId]).then((byTicket) => byTicket.get(ticketId) ?? []),
    listActivity(db, ticketId),
  ]);
  if (!record) throw notFound(UI_TEXT.ticketNotFound);
  return { record, comments, attachments, activity };
}

export interface TicketResult {
  detail: TicketDetailRecord;
  access: TicketAccess;
}

/** GET /api/tickets/{id}. */
export async function readTicket(db: Database, actor: Actor, ticketId: string): Promise<TicketResult> {
  const { ticket, access } = await readableTicket(db, actor, ticketId);
  return { detail: await loadTicketDetail(db, ticket.id), access };
}

type CreateTicket = z.output<typeof createTicketBody>;

/**
 * POST /api/tickets: a member raises one in its organization, an advisor in an organization it
 * acts in (organizationId; 404 for any other, and for a member naming another); admins raise none (403). The ticket and its first history entry are
 * one transaction, with the link from the message it was made from (messageId: one the caller reads there).
 */
export async function createTicket(db: Database, actor: Actor, body: CreateTicket): Promise<TicketResult> {
  if (seesAllOrganizations(actor)) throw forbidden(UI_TEXT.adminsRaiseNoTickets);
  await requireActsInNamed(db, actor, body.organizationId);
  const organizationId = isAdvisor(actor) ? body.organizationId : actor.organizationId;
  if (!organizationId) throw badRequest(UI_TEXT.organizationRequired);
  const access = await accessIn(db, actor, organizationId);
  if (!canRaiseTicketIn(access, organizationId)) throw forbidden();
  if (body.messageId) await readableMessageIn(db, actor, body.messageId, organizationId);
  const ticketId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tickets)
      .values({
        organizationId,
        title: body.title,
        description: body.description,
        priority: body.priority,
        category: body.category,
        createdBy: actor.id,
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await applyServiceLevel(tx, created.id);
    await recordTicketActivity(tx, created, actor.id, [{ kind: 'created', to: body.title }]);
    if (body.messageId) await linkMessageToTicket(tx, body.messageId, created);
    await publish(db, tx, ticketCreated(created, actor.id));
    return created.id;
  });
  return { detail: await loadTicketDetail(db, ticketId), access };
}

type TicketChanges = Partial<typeof tickets.$inferInsert>;

/**
 * Writes a ticket change, its history and its notifications in one transaction (updatedAt moves),
 * then reads the ticket back.
 */
async function changeTicket(
  db: Database,
  actor: Actor,
  ticket: TicketRow,
  set: TicketChanges,
  entries: TicketActivityEntry[],
  { recomputeClock = false } = {},
): Promise<TicketDetailRecord> {
  if (entries.length > 0) {
    await db.transaction(async (tx) => {
      await tx
        .update(tickets)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(tickets.id, ticket.id));
      // A new priority has other targets; a clock started again has its paused minutes to add.
      const newPriority = set.priority !== undefined && set.priority !== ticket.priority;
      if (recomputeClock || newPriority) await applyServiceLevel(tx, ticket.id);
      await recordTicketActivity(tx, ticket, actor.id, entries);
      await publish(db, tx, ticketChangeEvents(ticket, { ...ticket, ...set }, actor.id));
    });
  }
  return loadTicketDetail(db, ticket.id);
}

/** The fields and history of a status change (resolvedAt and closedAt: status.ts; the clock: service-level.ts). */
function statusChanges(
  ticket: TicketRow,
  status: TicketStatus,
  actorId: string,
): { set: TicketChanges; entries: TicketActivityEntry[]; recomputeClock: boolean } {
  if (status === ticket.status) return { set: {}, entries: [], recomputeClock: false };
  const clock = clockAfterStatusChange(ticket, status, actorId);
  return {
    set: { ...afterStatusChange(ticket, status, new Date()), ...clock.set },
    entries: [{ kind: 'status', from: ticket.status, to: status }],
    recomputeClock: clock.recompute,
  };
}

type UpdateTicket = z.output<typeof updateTicketBody>;

/** PUT /api/tickets/{id}: partial fields by whoever may edit it; each changed field enters the history. */
export async function updateTicket(
  db: Database,
  actor: Actor,
  ticketId: string,
  body: UpdateTicket,
): Promise<TicketResult> {
  const { ticket, access } = await readableTicket(db, actor, ticketId);
  if (!canEditTicket(access, ticket)) throw forbidden();
  const { set, entries, recomputeClock } = body.status
    ? statusChanges(ticket, body.status, actor.id)
    : { set: {}, entries: [], recomputeClock: false };
  const change = <K extends 'title' | 'description' | 'priority' | 'category'>(field: K, withValues = true) => {
    const value = body[field];
    if (value === undefined || value === ticket[field]) return;
    set[field] = value as never;
    entries.push(withValues ? { kind: field, from: ticket[field], to: value } : { kind: field });
  };
  change('title');
  change('description', false);
  change('priority');
  change('category');
  return { detail: await changeTicket(db, actor, ticket, set, entries, { recomputeClock }), access };
}

/**
 * PATCH /api/tickets/{id}/status and the live update_ticket_status: whoever may edit the ticket and
 * its assignee. Resolving and closing set resolvedAt and closedAt; reopening clears them.
 */
export async function setTicketStatus(
  db: Database,
  actor: Actor,
  ticketId: string,
  status: TicketStatus,
): Promise<TicketResult> {
  const { ticket, access } = await readableTicket(db, actor, ticketId);
  if (!canChangeTicketStatus(access, ticket)) throw forbidden();
  const { set, entries, recomputeClock } = statusChanges(ticket, status, actor.id);
  return { detail: await changeTicket(db, actor, ticket, set, entries, { recomputeClock }), access };
}

/**
 * PATCH /api/tickets/{id}/assign: org_admin, an advisor of the organization, admin. The assignee
 * is a member of the ticket's organization or one of its active advisors (400); null unassigns.
 */
export async function assignTicket(
  db: Database,
  actor: Actor,
  ticketId: string,
  assignedTo: string | null,
  now: Date = new Date(),
): Promise<TicketResult> {
  const { ticket, access } = await readableTicket(db, actor, ticketId);
  if (!canAssignTicket(access, ticket)) throw forbidden();
  if (assignedTo === ticket.assignedTo) return { detail: await loadTicketDetail(db, ticket.id), access };
  await requireTicketAssignee(db, ticket.organizationId, assignedTo);
  // An advisor away today (its calendar's) hands the ticket to its substitute for the organization
  // (decision 0288), if the substitute may still take it.
  const away = assignedTo ? await awayNoticeAt(db, assignedTo, ticket.organizationId, now) : null;
  const standIn =
    away?.substitute && (await mayTakeTicket(db, ticket.organizationId, away.substitute.id)) ? away.substitute : null;
  const assignee = standIn ? standIn.id : assignedTo;
  if (assignee === ticket.assignedTo) return { detail: await loadTicketDetail(db, ticket.id), access };
  const names = await namesOf(db, [ticket.assignedTo, assignedTo, assignee]);
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  const to =
    standIn && away ? `${standIn.name} (for ${nameOf(assignedTo)}, away until ${away.until})` : nameOf(assignee);
  const entry: TicketActivityEntry = { kind: 'assignee', from: nameOf(ticket.assignedTo), to };
  return { detail: await changeTicket(db, actor, ticket, { assignedTo: assignee }, [entry]), access };
}

/** Whether the person may be given a ticket of the organization (requireTicketAssignee's rule). */
async function mayTakeTicket(db: Database, organizationId: string, userId: string): Promise<boolean> {
  try {
    await requireTicketAssignee(db, organizationId, userId);
    return true;
  } catch {
    return false;
  }
}

/**
 * DELETE /api/tickets/{id}: the creator while it is open, org_admin, admin. Comments and history
 * go with it (cascades), its files' rows in the same transaction; returns the storage keys whose
 * bytes the caller removes after the commit.
 */
export async function deleteTicket(db: Database, actor: Actor, ticketId: string) {
  const { ticket, access } = await readableTicket(db, actor, ticketId);
  if (!canDeleteTicket(access, ticket)) throw forbidden();
  const fileKeys = await db.transaction(async (tx) => {
    await requireNoLockedTime(tx, sql`e.ticket_id = ${ticket.id}`);
    const keys = await detachFilesOf(tx, 'ticket', [ticket.id]);
    await tx.delete(tickets).where(eq(tickets.id, ticket.id));
    return keys;
  });
  return { ticket, fileKeys };
}

/**
 * POST /api/tickets/{id}/comments: whoever may read it. The comment keeps the mentioned people who
 * can read the ticket (others are dropped: notifications/mentions.ts); the comment, its history
 * entry and its notifications are one transaction.
 */
export async function addTicketComment(
  db: Database,
  actor: Actor,
  ticketId: string,
  body: { text: string; mentions?: string[] | undefined },
): Promise<{ ticket: TicketRow; comment: TicketCommentRecord }> {
  const { ticket } = await readableTicket(db, actor, ticketId);
  const id = await db.transaction(async (tx) => {
    const mentions = await readableMentions(tx, { type: 'ticket', ...ticket }, body.mentions);
    const [created] = await tx
      .insert(ticketComments)
      .values({
        organizationId: ticket.organizationId,
        ticketId: ticket.id,
        authorId: actor.id,
        text: body.text,
        mentions,
      })
      .returning({ id: ticketComments.id });
    if (!created) throw new Error('insert returned no row');
    await recordTicketActivity(tx, ticket, actor.id, [{ kind: 'comment' }]);
    // A comment is a change of the ticket: Freshdesk and Zammad move it up the "recently updated" list.
    await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, ticket.id));
    await answeredByComment(tx, ticket, actor.id);
    await publish(db, tx, ticketCommented(ticket, actor.id, { id: created.id, text: body.text, mentioned: mentions }));
    return created.id;
  });
  const [comment] = await selectComments(db).where(eq(ticketComments.id, id)).limit(1);
  if (!comment) throw notFound(UI_TEXT.ticketNotFound);
  return { ticket, comment };
}
