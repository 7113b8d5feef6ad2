import {
  type cancelSessionBody,
  type createSessionBody,
  type SessionChange,
  type sessionListQuery,
  UI_TEXT,
  type updateSessionBody,
} from '@smart/contracts';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  type AdvisorSessionRow,
  advisorAssignments,
  advisorSessionAttendees,
  advisorSessions,
  blockedRange,
  organizations,
  tickets,
  users,
} from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { badRequest, conflictOnOverlap, forbidden, notFound } from '../../lib/errors.js';
import { countWhere, type Page, type PageJoin, paginateByIds } from '../../lib/paging.js';
import { actorReader, readableSessions } from '../../lib/read-rules/index.js';
import { type Actor, activeAssignment, isAdvisor } from '../../lib/tenancy.js';
import { sessionBooked, sessionCancelled, sessionChanged } from './events.js';
import { canChangeSession, canReadSession, isPersonOf, mayBook } from './policy.js';
import type { AdvisorSessionRecord, SessionPersonRow } from './presenter.js';
import { type AdvisorTarget, availabilityOf, findAdvisor, requireBookable } from './service.js';

/*
 * Sessions with an advisor (issue 24): booking, the lists, reschedule and cancel. No overlap is
 * checked before a write: the exclusion constraint advisor_sessions_no_overlap refuses it inside
 * the insert or update itself, answered 409 (conflictOnOverlap). Each change, its attendees and its
 * notifications are one transaction.
 */

const advisorPerson = alias(users, 'session_advisor');
const bookerPerson = alias(users, 'session_booker');
const cancellerPerson = alias(users, 'session_canceller');

/** The columns of a person a session names (never a hash or private field). */
const personColumns = <T extends Record<keyof SessionPersonRow, AnyPgColumn>>(
  table: T,
): Pick<T, keyof SessionPersonRow> => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
  profileImage: table.profileImage,
});

const minutes = (count: number) => count * 60_000;

/** Sessions with their organization's name, advisor, booker, canceller and ticket: one query for any number of rows. */
function selectSessionRows(db: Database, page?: PageJoin) {
  const query = db
    .select({
      session: advisorSessions,
      organizationName: organizations.name,
      advisor: personColumns(advisorPerson),
      bookedBy: personColumns(bookerPerson),
      cancelledBy: personColumns(cancellerPerson),
      ticket: { id: tickets.id, title: tickets.title },
    })
    .from(advisorSessions)
    .$dynamic();
  return (page ? query.innerJoin(page.ids, page.on) : query)
    .innerJoin(organizations, eq(organizations.id, advisorSessions.organizationId))
    .innerJoin(advisorPerson, eq(advisorPerson.id, advisorSessions.advisorId))
    .leftJoin(bookerPerson, eq(bookerPerson.id, advisorSessions.bookedBy))
    .leftJoin(cancellerPerson, eq(cancellerPerson.id, advisorSessions.cancelledBy))
    .leftJoin(tickets, eq(tickets.id, advisorSessions.ticketId));
}

type SessionRow = Omit<AdvisorSessionRecord, 'attendees'>;

/** The rows with their attendees, by name: one query for the whole list. */
async function withAttendees(db: Database, rows: SessionRow[]): Promise<AdvisorSessionRecord[]> {
  if (rows.length === 0) return [];
  const attendees = await db
    .select({ sessionId: advisorSessionAttendees.sessionId, person: personColumns(users) })
    .from(advisorSessionAttendees)
    .innerJoin(users, eq(users.id, advisorSessionAttendees.userId))
    .where(
      inArray(
        advisorSessionAttendees.sessionId,
        rows.map((row) => row.session.id),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const bySession = new Map<string, SessionPersonRow[]>();
  for (const { sessionId, person } of attendees) {
    const list = bySession.get(sessionId) ?? [];
    list.push(person);
    bySession.set(sessionId, list);
  }
  return rows.map((row) => ({ ...row, attendees: bySession.get(row.session.id) ?? [] }));
}

/** The session with its people, or null: whoever asks, or only one `readable` lets read. */
export async function loadSessionRecord(
  db: Database,
  sessionId: string,
  readable?: SQL,
): Promise<AdvisorSessionRecord | null> {
  const rows = await selectSessionRows(db)
    .where(and(eq(advisorSessions.id, sessionId), readable))
    .limit(1);
  const [record] = await withAttendees(db, rows);
  return record ?? null;
}

async function reloadSession(db: Database, sessionId: string): Promise<AdvisorSessionRecord> {
  const record = await loadSessionRecord(db, sessionId);
  if (!record) throw notFound(UI_TEXT.sessionNotFound);
  return record;
}

/** `person` attends the session (advisor_session_attendees_user_idx). */
const attendedBy = (userId: string) =>
  sql`${advisorSessions.id} in (select ${advisorSessionAttendees.sessionId} from ${advisorSessionAttendees}
    where ${advisorSessionAttendees.userId} = ${userId})`;

/**
 * The sessions a person takes part in, as a condition: an advisor those it advises; a member (user,
 * org_admin) those of its organization it booked or attends (policy.ts isPersonOf: moved to another
 * organization, it keeps none of the old one's); anyone else none. A member's booking always lists
 * it as an attendee (attendeeList), so the attendee index alone finds them: a `booked_by = … or`
 * would scan every session.
 */
function sessionsOfOwn(person: Pick<Actor, 'id' | 'role' | 'organizationId'>): SQL {
  if (isAdvisor(person)) return eq(advisorSessions.advisorId, person.id);
  if (!person.organizationId || !isPersonOf(person, person.organizationId)) return sql`false`;
  return and(eq(advisorSessions.organizationId, person.organizationId), attendedBy(person.id)) as SQL;
}

type SessionListQuery = z.output<typeof sessionListQuery>;

/**
 * GET /api/sessions: the sessions the caller sees, filtered on indexed columns, by start. Three
 * statements whatever the page size: the total, the page with its people, and its attendees.
 */
export async function listSessions(
  db: Database,
  actor: Actor,
  query: SessionListQuery,
): Promise<Page<AdvisorSessionRecord>> {
  const where = and(
    readableSessions(actorReader(actor)),
    query.from ? gte(advisorSessions.startAt, query.from) : undefined,
    query.to ? lt(advisorSessions.startAt, query.to) : undefined,
    query.organizationId ? eq(advisorSessions.organizationId, query.organizationId) : undefined,
    query.status ? eq(advisorSessions.status, query.status) : undefined,
  );
  const page = await paginateByIds<SessionRow>(db, query, {
    table: advisorSessions,
    id: advisorSessions.id,
    where,
    order: [advisorSessions.startAt, advisorSessions.id],
    descending: query.sort === '-start',
    count: () => countWhere(db, advisorSessions, where),
    details: (join) => selectSessionRows(db, join),
  });
  return { items: await withAttendees(db, page.items), pagination: page.pagination };
}

/** GET /api/sessions/{id}: the session if the actor sees it, else 404. */
export async function readSession(db: Database, actor: Actor, sessionId: string): Promise<AdvisorSessionRecord> {
  const record = await loadSessionRecord(db, sessionId, readableSessions(actorReader(actor)));
  if (!record) throw notFound(UI_TEXT.sessionNotFound);
  return record;
}

/** The ids of the people a session names: its advisor, its booker and its attendees (its live event's rooms). */
export const peopleOf = (session: Pick<AdvisorSessionRow, 'advisorId' | 'bookedBy'>, ...attendeeLists: string[][]) => [
  ...new Set([session.advisorId, session.bookedBy, ...attendeeLists.flat()].filter((id): id is string => id !== null)),
];

/** What the routes announce after a change commits (live.ts). */
export interface SessionChangeResult {
  record: AdvisorSessionRecord;
  change: SessionChange;
  /** Everyone the session names now, and the attendees it just dropped. */
  people: string[];
}

// ---- Booking ----

type CreateSessionBody = z.output<typeof createSessionBody>;

/**
 * The organization a booking is for: a member's own (naming another is 404), where the advisor must
 * actively advise it (else 404, as its slots); the advisor names one it actively advises (400 when it
 * names none, 404 for one it does not). A closed organization's assignments rest, so it is refused.
 */
async function bookingOrganization(db: Database, actor: Actor, advisor: AdvisorTarget, requested: string | undefined) {
  let organizationId: string;
  if (isAdvisor(actor)) {
    if (advisor.id !== actor.id) throw notFound(UI_TEXT.advisorNotFound);
    if (!requested) throw badRequest(UI_TEXT.sessionNamesOrganization);
    organizationId = requested;
  } else {
    if (!advisor.advisesActor || !actor.organizationId) throw notFound(UI_TEXT.advisorNotFound);
    if (requested && requested !== actor.organizationId) throw notFound(UI_TEXT.organizationNotFound);
    organizationId = actor.organizationId;
  }
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(
      and(
        eq(organizations.id, organizationId),
        sql`exists (select 1 from ${advisorAssignments} where ${activeAssignment(advisor.id, organizations.id)})`,
      ),
    )
    .limit(1);
  if (!organization) throw notFound(unassignedMessage(actor));
  return organization;
}

/** A booking's 404 when the advisor does not (or no longer) actively advise the organization. */
const unassignedMessage = (actor: Actor) => (isAdvisor(actor) ? UI_TEXT.organizationNotFound : UI_TEXT.advisorNotFound);

/**
 * Inside the booking's transaction, the check again with the assignment and organization rows
 * locked FOR SHARE: ending the assignment (an update or delete of its row) or closing the
 * organization (an update of its row) waits for the booking to commit, then cancels it with the
 * other future sessions; or it went first, and the booking finds no active assignment (404).
 */
async function lockActiveAssignment(tx: Database, actor: Actor, advisorId: string, organizationId: string) {
  const [assignment] = await tx
    .select({ id: advisorAssignments.id })
    .from(advisorAssignments)
    .innerJoin(organizations, eq(organizations.id, advisorAssignments.organizationId))
    .where(
      and(
        eq(advisorAssignments.advisorId, advisorId),
        eq(advisorAssignments.organizationId, organizationId),
        eq(advisorAssignments.isActive, true),
        isNull(organizations.closedAt),
      ),
    )
    .for('share');
  if (!assignment) throw notFound(unassignedMessage(actor));
}

/**
 * The attendees a session lists: the ones named, without the advisor (its organizer, always there),
 * and with the booker unless the booker is the advisor or no longer a member of its organization
 * (`bookerId` null).
 */
function attendeeList(named: string[], advisorId: string, bookerId: string | null): string[] {
  const list = named.filter((id) => id !== advisorId);
  if (bookerId && bookerId !== advisorId && !list.includes(bookerId)) list.unshift(bookerId);
  return list;
}

/** The session's booker while it is its advisor or a member (user, org_admin) of its organization, else null. */
async function bookerStillIn(db: Database, session: AdvisorSessionRow): Promise<string | null> {
  if (!session.bookedBy || session.bookedBy === session.advisorId) return session.bookedBy;
  const [booker] = await db
    .select({ id: users.id, role: users.role, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, session.bookedBy));
  return booker && isPersonOf(booker, session.organizationId) ? booker.id : null;
}

/** 400 unless every id is an active member (user, org_admin) of the organization: one query. */
async function requireAttendees(db: Database, organizationId: string, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, ids),
        eq(users.organizationId, organizationId),
        eq(users.isActive, true),
        inArray(users.role, ['user', 'org_admin']),
      ),
    );
  if (found.length !== ids.length) throw badRequest(UI_TEXT.sessionAttendeeNotAllowed);
}

async function requireTicketOf(db: Database, organizationId: string, ticketId: string) {
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.organizationId, organizationId)))
    .limit(1);
  if (!ticket) throw badRequest(UI_TEXT.sessionTicketNotFound);
}

const attendeeRows = (sessionId: string, organizationId: string, ids: string[]) =>
  ids.map((userId) => ({ sessionId, userId, organizationId }));

/**
 * POST /api/sessions. The rules are checked first (400s); the insert of the session, its attendees
 * and its invitations is one transaction, where the constraint alone decides that the time is free.
 */
export async function bookSession(
  db: Database,
  actor: Actor,
  body: CreateSessionBody,
  now: Date,
): Promise<SessionChangeResult> {
  if (!mayBook(actor)) throw forbidden(UI_TEXT.sessionBookingDenied);
  const advisor = await findAdvisor(db, actor, body.advisorId);
  if (!advisor?.isActive) throw notFound(UI_TEXT.advisorNotFound);
  const organization = await bookingOrganization(db, actor, advisor, body.organizationId);
  const availability = await availabilityOf(db, advisor);
  requireBookable(availability, body.length, body.start, now);
  const attendeeIds = attendeeList(body.attendeeIds, advisor.id, actor.id);
  await requireAttendees(db, organization.id, attendeeIds);
  if (body.ticketId) await requireTicketOf(db, organization.id, body.ticketId);
  const end = new Date(body.start.getTime() + minutes(body.length));

  const session = await db.transaction(async (tx) => {
    await lockActiveAssignment(tx, actor, advisor.id, organization.id);
    const [inserted] = await conflictOnOverlap(
      tx
        .insert(advisorSessions)
        .values({
          organizationId: organization.id,
          advisorId: advisor.id,
          bookedBy: actor.id,
          startAt: body.start,
          endAt: end,
          length: body.length,
          topic: body.topic,
          agenda: body.agenda,
          ticketId: body.ticketId ?? null,
          blocked: blockedRange(body.start, end, availability.bufferMinutes),
          timeSetAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      UI_TEXT.sessionTimeTaken,
    );
    if (!inserted) throw new Error('insert returned no row');
    if (attendeeIds.length > 0) {
      await tx.insert(advisorSessionAttendees).values(attendeeRows(inserted.id, organization.id, attendeeIds));
    }
    await publish(db, tx, sessionBooked(inserted, organization.name, attendeeIds, actor.id));
    return inserted;
  });
  return {
    record: await reloadSession(db, session.id),
    change: 'booked',
    people: peopleOf(session, attendeeIds),
  };
}

// ---- Changing and cancelling ----

/**
 * The session locked for a change (FOR UPDATE: two changes of one session follow each other), with
 * its attendees and organization's name: 404 unless the actor sees it, 403 unless it may change it,
 * 400 once it is cancelled or has started.
 */
async function sessionToChange(tx: Database, actor: Actor, sessionId: string, now: Date) {
  const [row] = await tx
    .select({ session: advisorSessions, organizationName: organizations.name })
    .from(advisorSessions)
    .innerJoin(organizations, eq(organizations.id, advisorSessions.organizationId))
    .where(eq(advisorSessions.id, sessionId))
    .for('update', { of: advisorSessions });
  if (!row) throw notFound(UI_TEXT.sessionNotFound);
  const attendees = await tx
    .select({ userId: advisorSessionAttendees.userId })
    .from(advisorSessionAttendees)
    .where(eq(advisorSessionAttendees.sessionId, sessionId));
  const attendeeIds = attendees.map((attendee) => attendee.userId);
  const access = { ...row.session, attendeeIds };
  if (!canReadSession(actor, access)) throw notFound(UI_TEXT.sessionNotFound);
  if (!canChangeSession(actor, access)) throw forbidden(UI_TEXT.sessionChangeDenied);
  if (row.session.status === 'cancelled') throw badRequest(UI_TEXT.sessionAlreadyCancelled);
  if (row.session.startAt <= now) throw badRequest(UI_TEXT.sessionAlreadyPast);
  return { session: row.session, organizationName: row.organizationName, attendeeIds };
}

type UpdateSessionBody = z.output<typeof updateSessionBody>;

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * PATCH /api/sessions/{id}: the same session and invitation UID, SEQUENCE + 1; a new time is checked
 * against the advisor's rules and, by the constraint, against its other sessions (409).
 */
export async function updateSession(
  db: Database,
  actor: Actor,
  sessionId: string,
  body: UpdateSessionBody,
  now: Date,
): Promise<SessionChangeResult> {
  const result = await db.transaction(async (tx) => {
    const { session, organizationName, attendeeIds } = await sessionToChange(tx, actor, sessionId, now);
    const start = body.start ?? session.startAt;
    const length = body.length ?? session.length;
    const end = new Date(start.getTime() + minutes(length));
    const timeChanged = start.getTime() !== session.startAt.getTime() || length !== session.length;
    const after = body.attendeeIds
      ? attendeeList(body.attendeeIds, session.advisorId, await bookerStillIn(tx, session))
      : attendeeIds;
    const attendeesChanged = !sameList(after, attendeeIds);
    const topic = body.topic ?? session.topic;
    const agenda = body.agenda ?? session.agenda;
    if (!timeChanged && !attendeesChanged && topic === session.topic && agenda === session.agenda) {
      return null;
    }
    let timeSet = {};
    if (timeChanged) {
      // As booking: a deactivated advisor takes no new time.
      const advisor = await findAdvisor(tx, actor, session.advisorId);
      if (!advisor?.isActive) throw notFound(UI_TEXT.advisorNotFound);
      const availability = await availabilityOf(tx, advisor);
      requireBookable(availability, length, start, now);
      timeSet = {
        startAt: start,
        endAt: end,
        length,
        blocked: blockedRange(start, end, availability.bufferMinutes),
        timeSetAt: now,
      };
    }
    const added = after.filter((id) => !attendeeIds.includes(id));
    await requireAttendees(tx, session.organizationId, added);
    const [updated] = await conflictOnOverlap(
      tx
        .update(advisorSessions)
        .set({
          ...timeSet,
          topic,
          agenda,
          icalSequence: sql`${advisorSessions.icalSequence} + 1`,
          updatedAt: now,
        })
        .where(eq(advisorSessions.id, session.id))
        .returning(),
      UI_TEXT.sessionTimeTaken,
    );
    if (!updated) throw notFound(UI_TEXT.sessionNotFound);
    if (attendeesChanged) {
      const removed = attendeeIds.filter((id) => !after.includes(id));
      if (removed.length > 0) {
        await tx
          .delete(advisorSessionAttendees)
          .where(
            and(eq(advisorSessionAttendees.sessionId, session.id), inArray(advisorSessionAttendees.userId, removed)),
          );
      }
      if (added.length > 0) {
        await tx.insert(advisorSessionAttendees).values(attendeeRows(session.id, session.organizationId, added));
      }
    }
    await publish(
      db,
      tx,
      sessionChanged(updated, organizationName, { timeChanged, before: attendeeIds, after }, actor.id),
    );
    const change: SessionChange = timeChanged ? 'rescheduled' : 'updated';
    return { change, people: peopleOf(updated, attendeeIds, after) };
  });
  const record = await reloadSession(db, sessionId);
  // Nothing differed: no new SEQUENCE, nobody told.
  return result ? { record, ...result } : { record, change: 'updated', people: [] };
}

/** POST /api/sessions/{id}/cancel: the record is kept, with who cancelled it, when and why; SEQUENCE + 1. */
export async function cancelSession(
  db: Database,
  actor: Actor,
  sessionId: string,
  body: z.output<typeof cancelSessionBody>,
  now: Date,
): Promise<SessionChangeResult> {
  const cancelled = await db.transaction(async (tx) => {
    const { session, organizationName, attendeeIds } = await sessionToChange(tx, actor, sessionId, now);
    const [row] = await tx
      .update(advisorSessions)
      .set({
        status: 'cancelled',
        cancelledBy: actor.id,
        cancelledAt: now,
        cancelReason: body.reason,
        icalSequence: sql`${advisorSessions.icalSequence} + 1`,
        updatedAt: now,
      })
      .where(eq(advisorSessions.id, session.id))
      .returning();
    if (!row) throw notFound(UI_TEXT.sessionNotFound);
    await publish(db, tx, sessionCancelled(row, organizationName, attendeeIds, actor.id, body.reason));
    return { row, attendeeIds };
  });
  return {
    record: await reloadSession(db, sessionId),
    change: 'cancelled',
    people: peopleOf(cancelled.row, cancelled.attendeeIds),
  };
}

/** A session cancelled in bulk, for its live event. */
export interface CancelledSession {
  sessionId: string;
  organizationId: string;
  people: string[];
}

/**
 * Cancels, in the caller's transaction, the scheduled sessions starting after `now` of an
 * organization (or of one advisor with it): its advisor's assignment ended or it closed. Set-based:
 * one update, one read of the attendees, one insert of the events, however many sessions. The
 * people are told whether or not they may still read the session.
 */
export async function cancelFutureSessions(
  db: Database,
  tx: Database,
  scope: { organizationId: string; organizationName: string; advisorId?: string },
  actorId: string,
  reason: string,
  now: Date,
): Promise<CancelledSession[]> {
  const rows = await tx
    .update(advisorSessions)
    .set({
      status: 'cancelled',
      cancelledBy: actorId,
      cancelledAt: now,
      cancelReason: reason,
      icalSequence: sql`${advisorSessions.icalSequence} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(advisorSessions.organizationId, scope.organizationId),
        scope.advisorId ? eq(advisorSessions.advisorId, scope.advisorId) : undefined,
        eq(advisorSessions.status, 'scheduled'),
        gt(advisorSessions.startAt, now),
      ),
    )
    .returning();
  if (rows.length === 0) return [];
  const attendees = await tx
    .select({ sessionId: advisorSessionAttendees.sessionId, userId: advisorSessionAttendees.userId })
    .from(advisorSessionAttendees)
    .where(
      inArray(
        advisorSessionAttendees.sessionId,
        rows.map((row) => row.id),
      ),
    );
  const bySession = new Map<string, string[]>();
  for (const { sessionId, userId } of attendees)
    bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), userId]);
  const attendeesOf = (sessionId: string) => bySession.get(sessionId) ?? [];
  await publish(
    db,
    tx,
    rows.map((row) => sessionCancelled(row, scope.organizationName, attendeesOf(row.id), actorId, reason, true)),
  );
  return rows.map((row) => ({
    sessionId: row.id,
    organizationId: row.organizationId,
    people: peopleOf(row, attendeesOf(row.id)),
  }));
}

/**
 * How many sessions a person's calendar feed lists at most: the upcoming ones first (a busy
 * advisor's calendar must not lose next week for last month), then the most recent past ones.
 */
export const FEED_SESSION_CAPS = { upcoming: 500, past: 100 };

/**
 * The sessions of a person's calendar feed: those it advises, or of its organization it booked or
 * attends, cancelled ones too (so a calendar drops them), by start: the upcoming ones (from `now`)
 * up to their cap, and those from `since` to `now` up to theirs, the latest of them.
 */
export async function sessionsOfPerson(
  db: Database,
  person: Pick<Actor, 'id' | 'role' | 'organizationId'>,
  window: { since: Date; now: Date },
  caps = FEED_SESSION_CAPS,
): Promise<AdvisorSessionRecord[]> {
  const own = sessionsOfOwn(person);
  const [upcoming, past] = await Promise.all([
    selectSessionRows(db)
      .where(and(gte(advisorSessions.startAt, window.now), own))
      .orderBy(asc(advisorSessions.startAt), asc(advisorSessions.id))
      .limit(caps.upcoming),
    selectSessionRows(db)
      .where(and(gte(advisorSessions.startAt, window.since), lt(advisorSessions.startAt, window.now), own))
      .orderBy(desc(advisorSessions.startAt), desc(advisorSessions.id))
      .limit(caps.past),
  ]);
  return withAttendees(db, [...past.reverse(), ...upcoming]);
}
