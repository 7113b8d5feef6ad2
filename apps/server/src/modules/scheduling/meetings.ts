import {
  awayMessage,
  type cancelMeetingBody,
  type createMeetingBody,
  type MeetingChange,
  type meetingListQuery,
  UI_TEXT,
  type updateMeetingBody,
} from '@smart/contracts';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  type AdvisorMeetingRow,
  advisorAssignments,
  advisorAvailability,
  advisorMeetingAttendees,
  advisorMeetings,
  blockedRange,
  organizations,
  tickets,
  users,
} from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { badRequest, conflict, conflictOnOverlap, forbidden, notFound } from '../../lib/errors.js';
import { type Page, type PageJoin, paginateByIds } from '../../lib/paging.js';
import { actorReader, readableMeetings } from '../../lib/read-rules/index.js';
import { type Actor, activeAssignment, isAdvisor } from '../../lib/tenancy.js';
import { awayNotice } from '../time-away/index.js';
import { requireCancellable, requireRoomFor } from './booking-rules.js';
import { meetingBooked, meetingCancelled, meetingChanged } from './events.js';
import { bookingRuleLock, canChangeMeeting, canReadMeeting, isPersonOf, mayBook } from './policy.js';
import type { AdvisorMeetingRecord, AvailabilityRecord, MeetingPersonRow } from './presenter.js';
import { type AdvisorTarget, availabilityOf, findAdvisor, localDay, requireBookable } from './service.js';

/*
 * Meetings with an advisor: booking, the lists, reschedule and cancel. No overlap is
 * checked before a write: the exclusion constraint advisor_sessions_no_overlap refuses it inside
 * the insert or update itself, answered 409 (conflictOnOverlap). Each change, its attendees and its
 * notifications are one transaction.
 */

const advisorPerson = alias(users, 'session_advisor');
const bookerPerson = alias(users, 'session_booker');
const cancellerPerson = alias(users, 'session_canceller');

/** The columns of a person a meeting names (never a hash or private field). */
const personColumns = <T extends Record<keyof MeetingPersonRow, AnyPgColumn>>(
  table: T,
): Pick<T, keyof MeetingPersonRow> => ({
  id: table.id,
  firstName: table.firstName,
  lastName: table.lastName,
  email: table.email,
  profileImage: table.profileImage,
});

const minutes = (count: number) => count * 60_000;

/** Meetings with their organization's name, advisor, booker, canceller and ticket: one query for any number of rows. */
function selectMeetingRows(db: Database, page?: PageJoin) {
  const query = db
    .select({
      meeting: advisorMeetings,
      organizationName: organizations.name,
      advisor: personColumns(advisorPerson),
      bookedBy: personColumns(bookerPerson),
      cancelledBy: personColumns(cancellerPerson),
      ticket: { id: tickets.id, title: tickets.title },
      rules: bookingRulesColumns,
    })
    .from(advisorMeetings)
    .$dynamic();
  return (page ? query.innerJoin(page.ids, page.on) : query)
    .innerJoin(organizations, eq(organizations.id, advisorMeetings.organizationId))
    .innerJoin(advisorPerson, eq(advisorPerson.id, advisorMeetings.advisorId))
    .leftJoin(bookerPerson, eq(bookerPerson.id, advisorMeetings.bookedBy))
    .leftJoin(cancellerPerson, eq(cancellerPerson.id, advisorMeetings.cancelledBy))
    .leftJoin(tickets, eq(tickets.id, advisorMeetings.ticketId))
    .leftJoin(advisorAvailability, eq(advisorAvailability.advisorId, advisorMeetings.advisorId));
}

/** The advisor's rules that bind its booked meetings (null without a saved availability). */
const bookingRulesColumns = {
  cancelCutoffMinutes: advisorAvailability.cancelCutoffMinutes,
  maxReschedules: advisorAvailability.maxReschedules,
};

type MeetingRow = Omit<AdvisorMeetingRecord, 'attendees'>;

/** The rows with their attendees, by name: one query for the whole list. */
async function withAttendees(db: Database, rows: MeetingRow[]): Promise<AdvisorMeetingRecord[]> {
  if (rows.length === 0) return [];
  const attendees = await db
    .select({ meetingId: advisorMeetingAttendees.meetingId, person: personColumns(users) })
    .from(advisorMeetingAttendees)
    .innerJoin(users, eq(users.id, advisorMeetingAttendees.userId))
    .where(
      inArray(
        advisorMeetingAttendees.meetingId,
        rows.map((row) => row.meeting.id),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const byMeeting = new Map<string, MeetingPersonRow[]>();
  for (const { meetingId, person } of attendees) {
    const list = byMeeting.get(meetingId) ?? [];
    list.push(person);
    byMeeting.set(meetingId, list);
  }
  return rows.map((row) => ({ ...row, attendees: byMeeting.get(row.meeting.id) ?? [] }));
}

/** The meeting with its people, or null: whoever asks, or only one `readable` lets read. */
export async function loadMeetingRecord(
  db: Database,
  meetingId: string,
  readable?: SQL,
): Promise<AdvisorMeetingRecord | null> {
  const rows = await selectMeetingRows(db)
    .where(and(eq(advisorMeetings.id, meetingId), readable))
    .limit(1);
  const [record] = await withAttendees(db, rows);
  return record ?? null;
}

async function reloadMeeting(db: Database, meetingId: string): Promise<AdvisorMeetingRecord> {
  const record = await loadMeetingRecord(db, meetingId);
  if (!record) throw notFound(UI_TEXT.meetingNotFound);
  return record;
}

/** `person` attends the meeting (advisor_session_attendees_user_idx). */
const attendedBy = (userId: string) =>
  sql`${advisorMeetings.id} in (select ${advisorMeetingAttendees.meetingId} from ${advisorMeetingAttendees}
    where ${advisorMeetingAttendees.userId} = ${userId})`;

/**
 * The meetings a person takes part in, as a condition: an advisor those it advises; a member (user,
 * org_admin) those of its organization it booked or attends (policy.ts isPersonOf: moved to another
 * organization, it keeps none of the old one's); anyone else none. A member's booking always lists
 * it as an attendee (attendeeList), so the attendee index alone finds them: a `booked_by = … or`
 * would scan every meeting.
 */
function meetingsOfOwn(person: Pick<Actor, 'id' | 'role' | 'organizationId'>): SQL {
  if (isAdvisor(person)) return eq(advisorMeetings.advisorId, person.id);
  if (!person.organizationId || !isPersonOf(person, person.organizationId)) return sql`false`;
  return and(eq(advisorMeetings.organizationId, person.organizationId), attendedBy(person.id)) as SQL;
}

type MeetingListQuery = z.output<typeof meetingListQuery>;

/**
 * GET /api/sessions: the meetings the caller sees, filtered on indexed columns, by start. Three
 * statements whatever the page size: the total, the page with its people, and its attendees.
 */
export async function listMeetings(
  db: Database,
  actor: Actor,
  query: MeetingListQuery,
): Promise<Page<AdvisorMeetingRecord>> {
  const where = and(
    readableMeetings(actorReader(actor)),
    query.from ? gte(advisorMeetings.startAt, query.from) : undefined,
    query.to ? lt(advisorMeetings.startAt, query.to) : undefined,
    query.organizationId ? eq(advisorMeetings.organizationId, query.organizationId) : undefined,
    query.status ? eq(advisorMeetings.status, query.status) : undefined,
  );
  const page = await paginateByIds<MeetingRow>(db, query, {
    table: advisorMeetings,
    where,
    order: [advisorMeetings.startAt, advisorMeetings.id],
    descending: query.sort === '-start',
    details: (join) => selectMeetingRows(db, join),
  });
  return { items: await withAttendees(db, page.items), pagination: page.pagination };
}

/** GET /api/sessions/{id}: the meeting if the actor sees it, else 404. */
export async function readMeeting(db: Database, actor: Actor, meetingId: string): Promise<AdvisorMeetingRecord> {
  const record = await loadMeetingRecord(db, meetingId, readableMeetings(actorReader(actor)));
  if (!record) throw notFound(UI_TEXT.meetingNotFound);
  return record;
}

/** The ids of the people a meeting names: its advisor, its booker and its attendees (its live event's rooms). */
export const peopleOf = (meeting: Pick<AdvisorMeetingRow, 'advisorId' | 'bookedBy'>, ...attendeeLists: string[][]) => [
  ...new Set([meeting.advisorId, meeting.bookedBy, ...attendeeLists.flat()].filter((id): id is string => id !== null)),
];

/** What the routes announce after a change commits (live.ts). */
export interface MeetingChangeResult {
  record: AdvisorMeetingRecord;
  change: MeetingChange;
  /** Everyone the meeting names now, and the attendees it just dropped. */
  people: string[];
}

// ---- Booking ----

type CreateMeetingBody = z.output<typeof createMeetingBody>;

/**
 * The organization a booking is for: a member's own (naming another is 404), where the advisor must
 * actively advise it (else 404, as its slots); the advisor names one it actively advises (400 when it
 * names none, 404 for one it does not). A closed organization's assignments rest, so it is refused.
 */
async function bookingOrganization(db: Database, actor: Actor, advisor: AdvisorTarget, requested: string | undefined) {
  let organizationId: string;
  if (isAdvisor(actor)) {
    if (advisor.id !== actor.id) throw notFound(UI_TEXT.advisorNotFound);
    if (!requested) throw badRequest(UI_TEXT.meetingNamesOrganization);
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
 * other future meetings; or it went first, and the booking finds no active assignment (404).
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
 * The attendees a meeting lists: the ones named, without the advisor (its organizer, always there),
 * and with the booker unless the booker is the advisor or no longer a member of its organization
 * (`bookerId` null).
 */
function attendeeList(named: string[], advisorId: string, bookerId: string | null): string[] {
  const list = named.filter((id) => id !== advisorId);
  if (bookerId && bookerId !== advisorId && !list.includes(bookerId)) list.unshift(bookerId);
  return list;
}

/** The meeting's booker while it is its advisor or a member (user, org_admin) of its organization, else null. */
async function bookerStillIn(db: Database, meeting: AdvisorMeetingRow): Promise<string | null> {
  if (!meeting.bookedBy || meeting.bookedBy === meeting.advisorId) return meeting.bookedBy;
  const [booker] = await db
    .select({ id: users.id, role: users.role, organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, meeting.bookedBy));
  return booker && isPersonOf(booker, meeting.organizationId) ? booker.id : null;
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
  if (found.length !== ids.length) throw badRequest(UI_TEXT.meetingAttendeeNotAllowed);
}

async function requireTicketOf(db: Database, organizationId: string, ticketId: string) {
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.organizationId, organizationId)))
    .limit(1);
  if (!ticket) throw badRequest(UI_TEXT.meetingTicketNotFound);
}

const attendeeRows = (meetingId: string, organizationId: string, ids: string[]) =>
  ids.map((userId) => ({ meetingId, userId, organizationId }));

/** 409 saying until when and who stands in, when the advisor is away on the start's day (its zone's). */
async function requireNotAway(
  db: Database,
  advisorId: string,
  organizationId: string,
  availability: AvailabilityRecord,
  start: Date,
) {
  const notice = await awayNotice(db, advisorId, organizationId, localDay(start, availability.timeZone));
  if (notice) throw conflict(awayMessage(notice));
}

/**
 * POST /api/sessions. The rules are checked first (400s); the insert of the meeting, its attendees
 * and its invitations is one transaction, where the constraint alone decides that the time is free.
 */
export async function bookMeeting(
  db: Database,
  actor: Actor,
  body: CreateMeetingBody,
  now: Date,
): Promise<MeetingChangeResult> {
  if (!mayBook(actor)) throw forbidden(UI_TEXT.meetingBookingDenied);
  const advisor = await findAdvisor(db, actor, body.advisorId);
  if (!advisor?.isActive) throw notFound(UI_TEXT.advisorNotFound);
  const organization = await bookingOrganization(db, actor, advisor, body.organizationId);
  const availability = await availabilityOf(db, advisor);
  await requireNotAway(db, advisor.id, organization.id, availability, body.start);
  requireBookable(availability, body.length, body.start, now);
  const attendeeIds = attendeeList(body.attendeeIds, advisor.id, actor.id);
  await requireAttendees(db, organization.id, attendeeIds);
  if (body.ticketId) await requireTicketOf(db, organization.id, body.ticketId);
  const end = new Date(body.start.getTime() + minutes(body.length));

  const meeting = await db.transaction(async (tx) => {
    await lockActiveAssignment(tx, actor, advisor.id, organization.id);
    await requireRoomFor(tx, advisor.id, availability, body.start);
    const [inserted] = await conflictOnOverlap(
      tx
        .insert(advisorMeetings)
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
      UI_TEXT.meetingTimeTaken,
    );
    if (!inserted) throw new Error('insert returned no row');
    if (attendeeIds.length > 0) {
      await tx.insert(advisorMeetingAttendees).values(attendeeRows(inserted.id, organization.id, attendeeIds));
    }
    await publish(db, tx, meetingBooked(inserted, organization.name, attendeeIds, actor.id));
    return inserted;
  });
  return {
    record: await reloadMeeting(db, meeting.id),
    change: 'booked',
    people: peopleOf(meeting, attendeeIds),
  };
}

// ---- Changing and cancelling ----

/**
 * The meeting locked for a change (FOR UPDATE: two changes of one meeting follow each other), with
 * its attendees and organization's name: 404 unless the actor sees it, 403 unless it may change it,
 * 400 once it is cancelled or has started.
 */
async function meetingToChange(tx: Database, actor: Actor, meetingId: string, now: Date) {
  const [row] = await tx
    .select({ meeting: advisorMeetings, organizationName: organizations.name, rules: bookingRulesColumns })
    .from(advisorMeetings)
    .innerJoin(organizations, eq(organizations.id, advisorMeetings.organizationId))
    .leftJoin(advisorAvailability, eq(advisorAvailability.advisorId, advisorMeetings.advisorId))
    .where(eq(advisorMeetings.id, meetingId))
    .for('update', { of: advisorMeetings });
  if (!row) throw notFound(UI_TEXT.meetingNotFound);
  const attendees = await tx
    .select({ userId: advisorMeetingAttendees.userId })
    .from(advisorMeetingAttendees)
    .where(eq(advisorMeetingAttendees.meetingId, meetingId));
  const attendeeIds = attendees.map((attendee) => attendee.userId);
  const access = { ...row.meeting, attendeeIds, rules: row.rules };
  // The policy, not the read rule (readableMeetings), as before: a booker who left the organization,
  // was dropped from the attendees meanwhile and came back no longer reads the meeting (404) but may
  // still change it; the rule would make that 404 too (decision 0245).
  if (!canReadMeeting(actor, access)) throw notFound(UI_TEXT.meetingNotFound);
  if (!canChangeMeeting(actor, access)) throw forbidden(UI_TEXT.meetingChangeDenied);
  if (row.meeting.status === 'cancelled') throw badRequest(UI_TEXT.meetingAlreadyCancelled);
  if (row.meeting.startAt <= now) throw badRequest(UI_TEXT.meetingAlreadyPast);
  return { meeting: row.meeting, organizationName: row.organizationName, attendeeIds, access };
}

type UpdateMeetingBody = z.output<typeof updateMeetingBody>;

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * PATCH /api/sessions/{id}: the same meeting and invitation UID, SEQUENCE + 1; a new time is checked
 * against the advisor's rules and, by the constraint, against its other meetings (409).
 */
export async function updateMeeting(
  db: Database,
  actor: Actor,
  meetingId: string,
  body: UpdateMeetingBody,
  now: Date,
): Promise<MeetingChangeResult> {
  const result = await db.transaction(async (tx) => {
    const { meeting, organizationName, attendeeIds, access } = await meetingToChange(tx, actor, meetingId, now);
    const start = body.start ?? meeting.startAt;
    const length = body.length ?? meeting.length;
    const end = new Date(start.getTime() + minutes(length));
    const timeChanged = start.getTime() !== meeting.startAt.getTime() || length !== meeting.length;
    const after = body.attendeeIds
      ? attendeeList(body.attendeeIds, meeting.advisorId, await bookerStillIn(tx, meeting))
      : attendeeIds;
    const attendeesChanged = !sameList(after, attendeeIds);
    const topic = body.topic ?? meeting.topic;
    const agenda = body.agenda ?? meeting.agenda;
    if (!timeChanged && !attendeesChanged && topic === meeting.topic && agenda === meeting.agenda) {
      return null;
    }
    let timeSet = {};
    if (timeChanged) {
      const lock = bookingRuleLock(actor, access, now);
      if (lock) throw forbidden(lock === 'cutoff' ? UI_TEXT.meetingInsideCutoff : UI_TEXT.meetingReschedulesUsed);
      // As booking: a deactivated advisor takes no new time.
      const advisor = await findAdvisor(tx, actor, meeting.advisorId);
      if (!advisor?.isActive) throw notFound(UI_TEXT.advisorNotFound);
      const availability = await availabilityOf(tx, advisor);
      await requireNotAway(tx, advisor.id, meeting.organizationId, availability, start);
      requireBookable(availability, length, start, now);
      await requireRoomFor(tx, advisor.id, availability, start, meeting.id);
      const moved = start.getTime() !== meeting.startAt.getTime();
      timeSet = {
        startAt: start,
        endAt: end,
        length,
        blocked: blockedRange(start, end, availability.bufferMinutes),
        timeSetAt: now,
        ...(moved && { rescheduleCount: sql`${advisorMeetings.rescheduleCount} + 1` }),
      };
    }
    const added = after.filter((id) => !attendeeIds.includes(id));
    await requireAttendees(tx, meeting.organizationId, added);
    const [updated] = await conflictOnOverlap(
      tx
        .update(advisorMeetings)
        .set({
          ...timeSet,
          topic,
          agenda,
          icalSequence: sql`${advisorMeetings.icalSequence} + 1`,
          updatedAt: now,
        })
        .where(eq(advisorMeetings.id, meeting.id))
        .returning(),
      UI_TEXT.meetingTimeTaken,
    );
    if (!updated) throw notFound(UI_TEXT.meetingNotFound);
    if (attendeesChanged) {
      const removed = attendeeIds.filter((id) => !after.includes(id));
      if (removed.length > 0) {
        await tx
          .delete(advisorMeetingAttendees)
          .where(
            and(eq(advisorMeetingAttendees.meetingId, meeting.id), inArray(advisorMeetingAttendees.userId, removed)),
          );
      }
      if (added.length > 0) {
        await tx.insert(advisorMeetingAttendees).values(attendeeRows(meeting.id, meeting.organizationId, added));
      }
    }
    await publish(
      db,
      tx,
      meetingChanged(updated, organizationName, { timeChanged, before: attendeeIds, after }, actor.id),
    );
    const change: MeetingChange = timeChanged ? 'rescheduled' : 'updated';
    return { change, people: peopleOf(updated, attendeeIds, after) };
  });
  const record = await reloadMeeting(db, meetingId);
  // Nothing differed: no new SEQUENCE, nobody told.
  return result ? { record, ...result } : { record, change: 'updated', people: [] };
}

/** POST /api/sessions/{id}/cancel: the record is kept, with who cancelled it, when and why; SEQUENCE + 1. */
export async function cancelMeeting(
  db: Database,
  actor: Actor,
  meetingId: string,
  body: z.output<typeof cancelMeetingBody>,
  now: Date,
): Promise<MeetingChangeResult> {
  const cancelled = await db.transaction(async (tx) => {
    const { meeting, organizationName, attendeeIds, access } = await meetingToChange(tx, actor, meetingId, now);
    requireCancellable(actor, access, body.reason, now);
    const [row] = await tx
      .update(advisorMeetings)
      .set({
        status: 'cancelled',
        cancelledBy: actor.id,
        cancelledAt: now,
        cancelReason: body.reason,
        icalSequence: sql`${advisorMeetings.icalSequence} + 1`,
        updatedAt: now,
      })
      .where(eq(advisorMeetings.id, meeting.id))
      .returning();
    if (!row) throw notFound(UI_TEXT.meetingNotFound);
    await publish(db, tx, meetingCancelled(row, organizationName, attendeeIds, actor.id, body.reason));
    return { row, attendeeIds };
  });
  return {
    record: await reloadMeeting(db, meetingId),
    change: 'cancelled',
    people: peopleOf(cancelled.row, cancelled.attendeeIds),
  };
}

/** A meeting cancelled in bulk, for its live event. */
export interface CancelledMeeting {
  meetingId: string;
  organizationId: string;
  people: string[];
}

/**
 * Cancels, in the caller's transaction, the scheduled meetings starting after `now` of an
 * organization (or of one advisor with it): its advisor's assignment ended or it closed. Set-based:
 * one update, one read of the attendees, one insert of the events, however many meetings. The
 * people are told whether or not they may still read the meeting.
 */
export async function cancelFutureMeetings(
  db: Database,
  tx: Database,
  scope: { organizationId: string; organizationName: string; advisorId?: string },
  actorId: string,
  reason: string,
  now: Date,
): Promise<CancelledMeeting[]> {
  const rows = await tx
    .update(advisorMeetings)
    .set({
      status: 'cancelled',
      cancelledBy: actorId,
      cancelledAt: now,
      cancelReason: reason,
      icalSequence: sql`${advisorMeetings.icalSequence} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(advisorMeetings.organizationId, scope.organizationId),
        scope.advisorId ? eq(advisorMeetings.advisorId, scope.advisorId) : undefined,
        eq(advisorMeetings.status, 'scheduled'),
        gt(advisorMeetings.startAt, now),
      ),
    )
    .returning();
  if (rows.length === 0) return [];
  const attendees = await tx
    .select({ meetingId: advisorMeetingAttendees.meetingId, userId: advisorMeetingAttendees.userId })
    .from(advisorMeetingAttendees)
    .where(
      inArray(
        advisorMeetingAttendees.meetingId,
        rows.map((row) => row.id),
      ),
    );
  const byMeeting = new Map<string, string[]>();
  for (const { meetingId, userId } of attendees)
    byMeeting.set(meetingId, [...(byMeeting.get(meetingId) ?? []), userId]);
  const attendeesOf = (meetingId: string) => byMeeting.get(meetingId) ?? [];
  await publish(
    db,
    tx,
    rows.map((row) => meetingCancelled(row, scope.organizationName, attendeesOf(row.id), actorId, reason, true)),
  );
  return rows.map((row) => ({
    meetingId: row.id,
    organizationId: row.organizationId,
    people: peopleOf(row, attendeesOf(row.id)),
  }));
}

/**
 * How many meetings a person's calendar feed lists at most: the upcoming ones first (a busy
 * advisor's calendar must not lose next week for last month), then the most recent past ones.
 */
export const FEED_MEETING_CAPS = { upcoming: 500, past: 100 };

/**
 * The meetings of a person's calendar feed: those it advises, or of its organization it booked or
 * attends, cancelled ones too (so a calendar drops them), by start: the upcoming ones (from `now`)
 * up to their cap, and those from `since` to `now` up to theirs, the latest of them.
 */
export async function meetingsOfPerson(
  db: Database,
  person: Pick<Actor, 'id' | 'role' | 'organizationId'>,
  window: { since: Date; now: Date },
  caps = FEED_MEETING_CAPS,
): Promise<AdvisorMeetingRecord[]> {
  const own = meetingsOfOwn(person);
  const [upcoming, past] = await Promise.all([
    selectMeetingRows(db)
      .where(and(gte(advisorMeetings.startAt, window.now), own))
      .orderBy(asc(advisorMeetings.startAt), asc(advisorMeetings.id))
      .limit(caps.upcoming),
    selectMeetingRows(db)
      .where(and(gte(advisorMeetings.startAt, window.since), lt(advisorMeetings.startAt, window.now), own))
      .orderBy(desc(advisorMeetings.startAt), desc(advisorMeetings.id))
      .limit(caps.past),
  ]);
  return withAttendees(db, [...past.reverse(), ...upcoming]);
}
