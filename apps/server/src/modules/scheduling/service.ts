import {
  type AdvisorAvailabilitySettings,
  type AvailabilityInterval,
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_MEETING_LENGTHS,
  DEFAULT_MINIMUM_NOTICE_MINUTES,
  DEFAULT_WEEKLY_HOURS,
  type SlotsQuery,
  UI_TEXT,
  WEEKDAYS,
} from '@smart/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../../db/client.js';
import { advisorAssignments, advisorAvailability, advisorMeetings, users } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { type Actor, activeAssignment, isAdvisor } from '../../lib/tenancy.js';
import { databaseKnowsZone } from '../../lib/time-zones.js';
import { awayNotice, awayRanges } from '../time-away/index.js';
import { canManageAvailability, canSeeSlots } from './policy.js';
import type { AvailabilityRecord } from './presenter.js';
import { type BusyRange, freeSlots, type UnbookableReason, unbookableReason } from './slots.js';

/** An advisor a route names, with what access to it depends on. */
export interface AdvisorTarget {
  id: string;
  isActive: boolean;
  /** Its profile's zone: a new availability starts in it. */
  timeZone: string | null;
  /** It actively advises the actor's organization: the actor may book with it. */
  advisesActor: boolean;
}

/** The advisor of `advisorId` ('me': the actor), or null when no advisor has that id. */
export async function findAdvisor(db: Database, actor: Actor, advisorId: string): Promise<AdvisorTarget | null> {
  const id = advisorId === 'me' ? actor.id : advisorId;
  if (advisorId === 'me' && !isAdvisor(actor)) throw forbidden(UI_TEXT.availabilityAdvisorsOnly);
  const advises = actor.organizationId
    ? sql<boolean>`exists (select 1 from ${advisorAssignments} where ${activeAssignment(users.id, actor.organizationId)})`
    : sql<boolean>`false`;
  const [row] = await db
    .select({
      id: users.id,
      isActive: users.isActive,
      timeZone: users.timeZone,
      advisesActor: advises.mapWith(Boolean),
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'advisor')))
    .limit(1);
  return row ?? null;
}

/**
 * The advisor whose availability the actor may see and change (itself, admin); 403 for those who
 * book with it (they know it exists), 404 for everyone else.
 */
async function advisorToManage(db: Database, actor: Actor, advisorId: string): Promise<AdvisorTarget> {
  const advisor = await findAdvisor(db, actor, advisorId);
  if (!advisor) throw notFound(UI_TEXT.advisorNotFound);
  if (canManageAvailability(actor, advisor.id)) return advisor;
  throw advisor.advisesActor ? forbidden(UI_TEXT.advisorAvailabilityDenied) : notFound(UI_TEXT.advisorNotFound);
}

/** What an advisor offers before it saves an availability: the contracts' defaults, in its profile's zone. */
function defaultAvailability(advisor: AdvisorTarget): AvailabilityRecord {
  return {
    advisorId: advisor.id,
    timeZone: advisor.timeZone ?? 'UTC',
    weeklyHours: DEFAULT_WEEKLY_HOURS,
    dateOverrides: [],
    sessionLengths: [...DEFAULT_MEETING_LENGTHS],
    bufferMinutes: DEFAULT_BUFFER_MINUTES,
    minimumNoticeMinutes: DEFAULT_MINIMUM_NOTICE_MINUTES,
    horizonDays: DEFAULT_HORIZON_DAYS,
    maxSessionsPerDay: null,
    maxSessionsPerWeek: null,
    cancelCutoffMinutes: 0,
    maxReschedules: null,
    updatedAt: null,
  };
}

const availabilityColumns = {
  advisorId: advisorAvailability.advisorId,
  timeZone: advisorAvailability.timeZone,
  weeklyHours: advisorAvailability.weeklyHours,
  dateOverrides: advisorAvailability.dateOverrides,
  sessionLengths: advisorAvailability.sessionLengths,
  bufferMinutes: advisorAvailability.bufferMinutes,
  minimumNoticeMinutes: advisorAvailability.minimumNoticeMinutes,
  horizonDays: advisorAvailability.horizonDays,
  maxSessionsPerDay: advisorAvailability.maxSessionsPerDay,
  maxSessionsPerWeek: advisorAvailability.maxSessionsPerWeek,
  cancelCutoffMinutes: advisorAvailability.cancelCutoffMinutes,
  maxReschedules: advisorAvailability.maxReschedules,
  updatedAt: advisorAvailability.updatedAt,
};

export async function availabilityOf(db: Database, advisor: AdvisorTarget): Promise<AvailabilityRecord> {
  const [row] = await db
    .select(availabilityColumns)
    .from(advisorAvailability)
    .where(eq(advisorAvailability.advisorId, advisor.id));
  return row ?? defaultAvailability(advisor);
}

/** GET /api/advisors/{advisorId}/availability. */
export async function getAvailability(db: Database, actor: Actor, advisorId: string): Promise<AvailabilityRecord> {
  return availabilityOf(db, await advisorToManage(db, actor, advisorId));
}

const byStart = (intervals: AvailabilityInterval[]) => [...intervals].sort((a, b) => a.start.localeCompare(b.start));

/** The availability as it is shown: each day's intervals by start, overrides by date, lengths ascending. */
function inOrder(settings: AdvisorAvailabilitySettings): AdvisorAvailabilitySettings {
  return {
    ...settings,
    weeklyHours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, byStart(settings.weeklyHours[day])]),
    ) as AdvisorAvailabilitySettings['weeklyHours'],
    dateOverrides: settings.dateOverrides
      .map((override) => ({ date: override.date, intervals: byStart(override.intervals) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    sessionLengths: [...settings.sessionLengths].sort((a, b) => a - b),
  };
}

/**
 * Before a person's profile zone changes (`zoneBefore` → another): an advisor's availability it never
 * saved follows its profile zone, so it is saved now as it stands, in the zone it had. The hours members
 * may book then move only when the advisor saves its availability, never because a browser first told
 * the profile its zone. Anyone else, or an availability saved before: nothing.
 */
export async function keepAvailabilityZone(db: Database, userId: string, zoneBefore: string | null): Promise<void> {
  const [advisor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'advisor')));
  if (!advisor) return;
  const { advisorId, updatedAt, ...defaults } = defaultAvailability({
    id: advisor.id,
    isActive: true,
    timeZone: zoneBefore,
    advisesActor: false,
  });
  await db
    .insert(advisorAvailability)
    .values({ advisorId, ...inOrder(defaults), updatedBy: userId })
    .onConflictDoNothing({ target: advisorAvailability.advisorId });
}

/** PUT /api/advisors/{advisorId}/availability: the whole availability, replacing the stored one. */
export async function updateAvailability(
  db: Database,
  actor: Actor,
  advisorId: string,
  settings: AdvisorAvailabilitySettings,
): Promise<AvailabilityRecord> {
  const advisor = await advisorToManage(db, actor, advisorId);
  if (!(await databaseKnowsZone(db, settings.timeZone))) throw badRequest(UI_TEXT.invalidTimeZone);
  const values = { ...inOrder(settings), updatedBy: actor.id, updatedAt: new Date() };
  const [row] = await db
    .insert(advisorAvailability)
    .values({ advisorId: advisor.id, ...values })
    .onConflictDoUpdate({ target: advisorAvailability.advisorId, set: values })
    .returning(availabilityColumns);
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/**
 * The advisor's busy ranges that reach into `[from, until)`: its meetings that are not cancelled,
 * read through the exclusion constraint's GiST index on (advisor_id, blocked).
 */
async function busyRanges(db: Database, advisorId: string, from: Date, until: Date): Promise<BusyRange[]> {
  return db
    .select({
      start: sql<Date>`lower(${advisorMeetings.blocked})`.mapWith(advisorMeetings.startAt),
      end: sql<Date>`upper(${advisorMeetings.blocked})`.mapWith(advisorMeetings.endAt),
    })
    .from(advisorMeetings)
    .where(
      and(
        eq(advisorMeetings.advisorId, advisorId),
        ne(advisorMeetings.status, 'cancelled'),
        sql`${advisorMeetings.blocked} && tstzrange(${from.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)`,
      ),
    );
}

/**
 * The starts of the advisor's scheduled meetings in the weeks around `[from, to)`, for its daily and
 * weekly limits (none read when it has neither).
 */
async function bookedStarts(
  db: Database,
  advisorId: string,
  limits: Pick<AvailabilityRecord, 'maxSessionsPerDay' | 'maxSessionsPerWeek'>,
  from: Date,
  to: Date,
  moving?: string,
): Promise<Date[]> {
  if (limits.maxSessionsPerDay === null && limits.maxSessionsPerWeek === null) return [];
  const week = 8 * 24 * 60 * 60_000;
  const rows = await db
    .select({ start: advisorMeetings.startAt })
    .from(advisorMeetings)
    .where(
      and(
        eq(advisorMeetings.advisorId, advisorId),
        eq(advisorMeetings.status, 'scheduled'),
        moving ? ne(advisorMeetings.id, moving) : undefined,
        sql`${advisorMeetings.startAt} >= ${new Date(from.getTime() - week).toISOString()}::timestamptz`,
        sql`${advisorMeetings.startAt} < ${new Date(to.getTime() + week).toISOString()}::timestamptz`,
      ),
    );
  return rows.map((row) => row.start);
}

/** The date an instant falls on in the zone (YYYY-MM-DD). */
export const localDay = (instant: Date, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone).toPlainDate().toString();

/** The availability with the advisor's days away as days off (they win over its hours and overrides). */
export function withTimeAway<T extends Pick<AvailabilityRecord, 'dateOverrides'>>(
  availability: T,
  away: readonly { startsOn: string; endsOn: string }[],
): T {
  if (away.length === 0) return availability;
  const days = new Set<string>();
  for (const range of away) {
    for (
      let day = Temporal.PlainDate.from(range.startsOn);
      day.toString() <= range.endsOn;
      day = day.add({ days: 1 })
    ) {
      days.add(day.toString());
    }
  }
  return {
    ...availability,
    dateOverrides: [
      ...availability.dateOverrides.filter((override) => !days.has(override.date)),
      ...[...days].map((date) => ({ date, intervals: [] })),
    ],
  };
}

/**
 * GET /api/advisors/{advisorId}/slots: for the advisor, admin and the people of an organization it
 * actively advises; 404 for everyone else, and for an advisor whose account is deactivated. Without
 * a `length`, the advisor's shortest offered one: a member learns the lengths from the answer.
 */
export async function listSlots(db: Database, actor: Actor, advisorId: string, query: SlotsQuery, now: Date) {
  const advisor = await findAdvisor(db, actor, advisorId);
  if (!advisor?.isActive || !canSeeSlots(actor, advisor)) throw notFound(UI_TEXT.advisorNotFound);
  const availability = await availabilityOf(db, advisor);
  const length = query.length ?? Math.min(...availability.sessionLengths);
  if (!availability.sessionLengths.includes(length)) throw badRequest(UI_TEXT.meetingLengthNotOffered);
  // A slot starting just before `to` blocks its length and buffer beyond it.
  const until = new Date(query.to.getTime() + (length + availability.bufferMinutes) * 60_000);
  const from = localDay(query.from, availability.timeZone);
  const to = localDay(query.to, availability.timeZone);
  const [busy, booked, away, notice] = await Promise.all([
    busyRanges(db, advisor.id, query.from, until),
    bookedStarts(db, advisor.id, availability, query.from, query.to, query.moving),
    awayRanges(db, advisor.id, from, to),
    awayNotice(db, advisor.id, actor.organizationId, from, to),
  ]);
  const starts = freeSlots(withTimeAway(availability, away), busy, { ...query, length }, now, booked);
  return { advisor, availability, length, starts, away: notice };
}

const UNBOOKABLE_MESSAGES: Record<UnbookableReason, string> = {
  lengthNotOffered: UI_TEXT.meetingLengthNotOffered,
  insideNotice: UI_TEXT.meetingInsideNotice,
  pastHorizon: UI_TEXT.meetingPastHorizon,
  outsideHours: UI_TEXT.meetingOutsideHours,
  offGrid: UI_TEXT.meetingOffGrid,
};

/**
 * 400 saying why, unless a meeting of `length` may start at `start` by the advisor's rules: for the
 * booking and the reschedule to come. Another meeting at that time is the insert's 409
 * (`conflictOnOverlap` with UI_TEXT.meetingTimeTaken), never a check made before it.
 */
export function requireBookable(availability: AvailabilityRecord, length: number, start: Date, now: Date): void {
  const reason = unbookableReason(availability, length, start, now);
  if (reason) throw badRequest(UNBOOKABLE_MESSAGES[reason]);
}
