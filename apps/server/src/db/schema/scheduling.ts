import {
  type AvailabilityInterval,
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_MEETING_LENGTHS,
  DEFAULT_MINIMUM_NOTICE_MINUTES,
  MAX_BUFFER_MINUTES,
  MAX_HORIZON_DAYS,
  MAX_MINIMUM_NOTICE_MINUTES,
  MEETING_STATUSES,
  type MeetingReminderKind,
  type WeeklyHours,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, organizationColumn, ownerColumn, personColumn, timestamps } from './columns.js';
import { organizationKey, sameOrganization, type TenantTable } from './same-organization.js';
import { tickets } from './tickets.js';

/**
 * Scheduling with an advisor. An advisor's availability is its own (like its
 * preferences), not an organization's: one row per advisor. A meeting belongs to the organization
 * it was booked for; its attendees carry that organization and name it by (organization_id, id).
 */

/** A PostgreSQL range of timestamptz, written as its literal: `[start,end)`. */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/** The range a meeting keeps its advisor busy: its time and the buffer after it, `[start, end + buffer)`. */
export const blockedRange = (start: Date, end: Date, bufferMinutes: number) =>
  `[${start.toISOString()},${new Date(end.getTime() + bufferMinutes * 60_000).toISOString()})`;

export interface DateOverride {
  /** YYYY-MM-DD in the advisor's zone. */
  date: string;
  /** None: a day off. */
  intervals: AvailabilityInterval[];
}

export const advisorAvailability = pgTable(
  'advisor_availability',
  {
    advisorId: ownerColumn('advisor_id').primaryKey(),
    /** IANA zone its hours are read in (known to the runtime and to the database). */
    timeZone: text('time_zone').notNull(),
    weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>().notNull(),
    dateOverrides: jsonb('date_overrides').$type<DateOverride[]>().notNull().default([]),
    sessionLengths: integer('session_lengths')
      .array()
      .notNull()
      .default([...DEFAULT_MEETING_LENGTHS]),
    bufferMinutes: integer('buffer_minutes').notNull().default(DEFAULT_BUFFER_MINUTES),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(DEFAULT_MINIMUM_NOTICE_MINUTES),
    horizonDays: integer('horizon_days').notNull().default(DEFAULT_HORIZON_DAYS),
    /** Booking rules (decision 0287): sessions a day and a week, the cancel cut-off, moves per session. */
    maxSessionsPerDay: integer('max_sessions_per_day'),
    maxSessionsPerWeek: integer('max_sessions_per_week'),
    cancelCutoffMinutes: integer('cancel_cutoff_minutes').notNull().default(0),
    maxReschedules: integer('max_reschedules'),
    updatedBy: personColumn('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'advisor_availability_limits_check',
      sql`${table.bufferMinutes} between 0 and ${sql.raw(String(MAX_BUFFER_MINUTES))}
        and ${table.minimumNoticeMinutes} between 0 and ${sql.raw(String(MAX_MINIMUM_NOTICE_MINUTES))}
        and ${table.horizonDays} between 1 and ${sql.raw(String(MAX_HORIZON_DAYS))}`,
    ),
  ],
);

export const meetingStatusEnum = pgEnum('advisor_session_status', MEETING_STATUSES);

/**
 * A meeting with an advisor. `blocked` is `[start, end + buffer)`, stored when it is written; the
 * exclusion constraint advisor_sessions_no_overlap (migration 0020, hand-written: drizzle-kit
 * cannot express it) refuses two meetings of one advisor whose ranges meet unless one is
 * cancelled, so no double booking gets past the database, whatever the service checked first.
 */
export const advisorMeetings = pgTable(
  'advisor_sessions',
  {
    id: id(),
    organizationId: organizationColumn(),
    advisorId: ownerColumn('advisor_id'),
    bookedBy: personColumn('booked_by'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** Minutes, one of the lengths the advisor offered when it was booked. */
    length: integer('length_minutes').notNull(),
    topic: text('topic').notNull(),
    agenda: text('agenda').notNull().default(''),
    status: meetingStatusEnum('status').notNull().default('scheduled'),
    cancelledBy: personColumn('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** The invitation's UID (RFC 5545): the same for the meeting's whole life, through every reschedule. */
    icalUid: uuid('ical_uid').notNull().unique().defaultRandom(),
    /** The invitation's SEQUENCE: one more on every change the attendees are sent. */
    icalSequence: integer('ical_sequence').notNull().default(0),
    /** How many times its time was moved (the advisor's maxReschedules caps it). */
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    /** A ticket of the same organization the meeting is about (sameOrganization below). */
    ticketId: uuid('ticket_id'),
    blocked: tstzrange('blocked').notNull(),
    /**
     * When its time was last set (booked or rescheduled): a reminder is owed only if its moment came
     * after this, so a meeting booked 3 hours ahead gets its 1-hour reminder and no 24-hour one.
     */
    timeSetAt: timestamp('time_set_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (table) => [
    // An advisor's schedule across its organizations, and one organization's meetings, in time order.
    index('advisor_sessions_advisor_start_idx').on(table.advisorId, table.startAt),
    index('advisor_sessions_organization_start_idx').on(table.organizationId, table.startAt),
    // Admin's list of every meeting by start (either way), paged without sorting them all.
    index('advisor_sessions_start_idx').on(table.startAt, table.id),
    // The reminder sweep: scheduled meetings starting within the next day.
    index('advisor_sessions_scheduled_start_idx').on(table.startAt).where(sql`${table.status} = 'scheduled'`),
    check(
      'advisor_sessions_blocked_check',
      sql`${table.endAt} > ${table.startAt} and lower(${table.blocked}) = ${table.startAt}
        and upper(${table.blocked}) >= ${table.endAt}`,
    ),
    organizationKey(table),
    sameOrganization(table, 'ticketId', (): TenantTable => tickets, 'set null'),
  ],
);

/** The people of the organization a meeting is with (the advisor is its organizer, not listed here). */
export const advisorMeetingAttendees = pgTable(
  'advisor_session_attendees',
  {
    meetingId: uuid('session_id').notNull(),
    userId: ownerColumn('user_id'),
    organizationId: uuid('organization_id').notNull(),
  },
  (table) => [
    primaryKey({ name: 'advisor_session_attendees_pk', columns: [table.meetingId, table.userId] }),
    // "The meetings I attend" starts here.
    index('advisor_session_attendees_user_idx').on(table.userId, table.meetingId),
    sameOrganization(table, 'meetingId', (): TenantTable => advisorMeetings, 'cascade'),
  ],
);

/**
 * The reminders given, one row each: its key (meeting, kind, the start it was for) makes a reminder
 * happen once whichever process sweeps, and a new start (a reschedule) owes new ones.
 */
export const meetingReminders = pgTable(
  'session_reminders',
  {
    meetingId: uuid('session_id')
      .notNull()
      .references(() => advisorMeetings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MeetingReminderKind>().notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ name: 'session_reminders_pk', columns: [table.meetingId, table.kind, table.startAt] })],
);

/**
 * A person's calendar feed (GET /api/calendar/{token}.ics): the token's SHA-256 finds it, and the
 * token itself is kept sealed so the Sessions page can show the URL again. One per person: a new
 * one replaces (revokes) the old.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: ownerColumn('user_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  tokenSealed: text('token_sealed').notNull(),
  createdAt: createdAt(),
});

export type AdvisorAvailabilityRow = typeof advisorAvailability.$inferSelect;
export type AdvisorMeetingRow = typeof advisorMeetings.$inferSelect;
