import { type AvailabilityInterval, WEEKDAYS, type Weekday, type WeeklyHours } from '@smart/contracts';
import { Temporal } from 'temporal-polyfill';
import type { DateOverride } from '../../db/schema/index.js';

/**
 * An advisor's free slots, computed in its time zone. Pure: no database, no clock; the
 * service passes the availability, the advisor's busy ranges and `now`.
 *
 * Slots start on the advisor's wall clock (09:00, 09:30 … from each interval's start, a meeting
 * length apart), so 09:00 stays 09:00 on the days its zone changes its clocks and the UTC instant
 * moves instead. A wall-clock time the zone skips (spring forward) is no start; a time it shows
 * twice (fall back) is a start once, at its first occurrence. Temporal's zone rules do the
 * conversions (temporal-polyfill: the standard's API, so it can give way to the built-in one).
 */

export interface SlotRules {
  timeZone: string;
  weeklyHours: WeeklyHours;
  dateOverrides: DateOverride[];
  bufferMinutes: number;
  minimumNoticeMinutes: number;
  horizonDays: number;
  /** At most this many meetings a day and a week in its zone (null: no limit). */
  maxSessionsPerDay?: number | null;
  maxSessionsPerWeek?: number | null;
}

/** A stretch the advisor is taken: an existing meeting's blocked range, `[start, end + its buffer)`. */
export interface BusyRange {
  start: Date;
  end: Date;
}

/** What the slot computation needs of a request: the length and the UTC window `[from, to)`. */
export interface SlotRequest {
  length: number;
  from: Date;
  to: Date;
}

const MINUTE_MS = 60_000;

/** "HH:MM" (or "24:00") as minutes after midnight. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A day's intervals in time order, those that touch joined: a meeting may run across the join. */
function joined(intervals: readonly AvailabilityInterval[]): { start: number; end: number }[] {
  const sorted = intervals
    .map((interval) => ({ start: minutesOf(interval.start), end: minutesOf(interval.end) }))
    .sort((a, b) => a.start - b.start);
  const result: { start: number; end: number }[] = [];
  for (const interval of sorted) {
    const last = result.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else result.push({ ...interval });
  }
  return result;
}

/** The hours of one date in the advisor's zone: its override if it has one, else its weekday's. */
function hoursOn(rules: SlotRules, date: Temporal.PlainDate): AvailabilityInterval[] {
  const override = rules.dateOverrides.find((entry) => entry.date === date.toString());
  return override ? override.intervals : rules.weeklyHours[WEEKDAYS[date.dayOfWeek - 1] as Weekday];
}

/** The wall-clock time `minutes` after the date's midnight (1440: the next midnight). */
const wallClock = (date: Temporal.PlainDate, minutes: number) => date.toPlainDateTime().add({ minutes });

/** The instant the zone's clocks show `wall`, at its first showing; null when the zone skips it. */
function instantShowing(wall: Temporal.PlainDateTime, timeZone: string): number | null {
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  return zoned.toPlainDateTime().equals(wall) ? zoned.epochMilliseconds : null;
}

/** The first instant whose wall clock reads `wall` or later: for a skipped time, the moment the clocks jump. */
function firstInstantFrom(wall: Temporal.PlainDateTime, timeZone: string): number {
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  if (zoned.toPlainDateTime().equals(wall)) return zoned.epochMilliseconds;
  return (zoned.getTimeZoneTransition('next') ?? zoned).epochMilliseconds;
}

/**
 * The meeting starts the advisor's hours offer on one local date, ascending, as UTC milliseconds:
 * each fits with its whole length inside one (joined) interval.
 */
function* startsOn(rules: SlotRules, date: Temporal.PlainDate, length: number): Generator<number> {
  for (const interval of joined(hoursOn(rules, date))) {
    const intervalEnd = firstInstantFrom(wallClock(date, interval.end), rules.timeZone);
    const first = instantShowing(wallClock(date, interval.start), rules.timeZone);
    // Most intervals see no clock change: their starts are then plain minutes after the first one,
    // and only the days a zone changes its clocks pay for a conversion per start.
    const change =
      first === null
        ? null
        : Temporal.Instant.fromEpochMilliseconds(first)
            .toZonedDateTimeISO(rules.timeZone)
            .getTimeZoneTransition('next');
    const steady = first !== null && (change === null || change.epochMilliseconds >= intervalEnd);
    for (let minute = interval.start; minute + length <= interval.end; minute += length) {
      const start = steady
        ? first + (minute - interval.start) * MINUTE_MS
        : instantShowing(wallClock(date, minute), rules.timeZone);
      if (start !== null && start + length * MINUTE_MS <= intervalEnd) yield start;
    }
  }
}

/** The latest instant a meeting may start: `horizonDays` calendar days from now in the advisor's zone. */
function horizonEnd(rules: SlotRules, now: Date): number {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(rules.timeZone)
    .add({ days: rules.horizonDays }).epochMilliseconds;
}

const localDate = (instant: number, timeZone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone).toPlainDate();

/** Meetings per local date and per week (its Monday's date) in the zone. */
export function countByDayAndWeek(starts: readonly Date[], timeZone: string) {
  const days = new Map<string, number>();
  const weeks = new Map<string, number>();
  for (const start of starts) {
    const date = localDate(start.getTime(), timeZone);
    const monday = date.subtract({ days: date.dayOfWeek - 1 }).toString();
    days.set(date.toString(), (days.get(date.toString()) ?? 0) + 1);
    weeks.set(monday, (weeks.get(monday) ?? 0) + 1);
  }
  return {
    day: (date: Temporal.PlainDate) => days.get(date.toString()) ?? 0,
    week: (date: Temporal.PlainDate) => weeks.get(date.subtract({ days: date.dayOfWeek - 1 }).toString()) ?? 0,
  };
}

/** Whether the date's day or week already holds as many meetings as the advisor takes. */
function full(rules: SlotRules, counts: ReturnType<typeof countByDayAndWeek>, date: Temporal.PlainDate) {
  const dayLimit = rules.maxSessionsPerDay ?? null;
  const weekLimit = rules.maxSessionsPerWeek ?? null;
  return (dayLimit !== null && counts.day(date) >= dayLimit) || (weekLimit !== null && counts.week(date) >= weekLimit);
}

/**
 * The free slot starts in `[from, to)`: inside the advisor's hours, at least the minimum notice
 * after `now`, not past the horizon, with the meeting and its buffer clear of every busy range,
 * and on a day and in a week that `booked` (its scheduled meetings' starts) has not filled.
 */
export function freeSlots(
  rules: SlotRules,
  busy: readonly BusyRange[],
  request: SlotRequest,
  now: Date,
  booked: readonly Date[] = [],
): Date[] {
  const counts = countByDayAndWeek(booked, rules.timeZone);
  const earliest = Math.max(request.from.getTime(), now.getTime() + rules.minimumNoticeMinutes * MINUTE_MS);
  const latest = Math.min(request.to.getTime() - 1, horizonEnd(rules, now));
  if (earliest > latest) return [];
  // The blocked ranges of one advisor never overlap (the exclusion constraint), so in start order
  // their ends ascend too, and one pass walks them beside the ascending candidates.
  const ranges = busy
    .map((range): [number, number] => [range.start.getTime(), range.end.getTime()])
    .sort((a, b) => a[0] - b[0]);
  let next = 0;
  const taken = (start: number, end: number) => {
    for (; next < ranges.length; next += 1) {
      const [busyStart, busyEnd] = ranges[next] as [number, number];
      if (busyEnd > start) return busyStart < end;
    }
    return false;
  };
  const slots: Date[] = [];
  const lastDate = localDate(latest, rules.timeZone);
  for (let date = localDate(earliest, rules.timeZone); Temporal.PlainDate.compare(date, lastDate) <= 0; ) {
    if (full(rules, counts, date)) {
      date = date.add({ days: 1 });
      continue;
    }
    for (const start of startsOn(rules, date, request.length)) {
      if (start < earliest || start > latest) continue;
      const blockedEnd = start + (request.length + rules.bufferMinutes) * MINUTE_MS;
      if (!taken(start, blockedEnd)) slots.push(new Date(start));
    }
    date = date.add({ days: 1 });
  }
  return slots;
}

/** Why a start cannot be booked, before the database's own check of other meetings; null: it can. */
export type UnbookableReason = 'lengthNotOffered' | 'insideNotice' | 'pastHorizon' | 'outsideHours' | 'offGrid';

/**
 * Whether a meeting of `length` may start at `start` by the advisor's rules (the booking
 * answers each reason with its own 400). Whether another meeting takes the time is the exclusion
 * constraint's to say, inside the booking's insert.
 */
export function unbookableReason(
  rules: SlotRules & { sessionLengths: readonly number[] },
  length: number,
  start: Date,
  now: Date,
): UnbookableReason | null {
  if (!rules.sessionLengths.includes(length)) return 'lengthNotOffered';
  if (start.getTime() < now.getTime() + rules.minimumNoticeMinutes * MINUTE_MS) return 'insideNotice';
  if (start.getTime() > horizonEnd(rules, now)) return 'pastHorizon';
  const date = localDate(start.getTime(), rules.timeZone);
  for (const offered of startsOn(rules, date, length)) {
    if (offered === start.getTime()) return null;
  }
  return fitsInHours(rules, date, start.getTime(), length) ? 'offGrid' : 'outsideHours';
}

/** Whether the whole meeting lies inside one (joined) interval of the date's hours, on the grid or not. */
function fitsInHours(rules: SlotRules, date: Temporal.PlainDate, start: number, length: number): boolean {
  return joined(hoursOn(rules, date)).some(
    (interval) =>
      start >= firstInstantFrom(wallClock(date, interval.start), rules.timeZone) &&
      start + length * MINUTE_MS <= firstInstantFrom(wallClock(date, interval.end), rules.timeZone),
  );
}
