import { type AvailabilityInterval, WEEKDAYS, type Weekday, type WeeklyHours } from '@smart/contracts';
import { momentAtWallClock, wallClockAt } from '@/lib/time-zone';

/**
 * The Schedule page's week: Monday to Sunday as the viewer's clocks read them, and where
 * a meeting or an hour of availability falls on it. Days are calendar dates ('2026-03-08') whose
 * bounds are looked up in the zone, so a day when the clocks change is 23 or 25 hours long.
 */

/** A calendar date, 'YYYY-MM-DD'. */
export type DateKey = string;

export interface WeekDay {
  date: DateKey;
  /** The day's first moment and the next day's first moment, in the viewer's zone. */
  start: Date;
  end: Date;
}

export interface Week {
  monday: DateKey;
  sunday: DateKey;
  /** Monday to Sunday. */
  days: WeekDay[];
  from: Date;
  to: Date;
}

/** A stretch of one day as its clocks read it: minutes after midnight, `end` up to 1440. */
export interface DaySegment {
  startMinute: number;
  endMinute: number;
}

const MINUTES_PER_DAY = 24 * 60;

const pad = (value: number) => String(value).padStart(2, '0');

function keyOfUtcDate(date: Date): DateKey {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function partsOf(date: DateKey) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The date `days` after `date` (Date.UTC rolls over months and years). */
export function addDays(date: DateKey, days: number): DateKey {
  const { year, month, day } = partsOf(date);
  return keyOfUtcDate(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The date the zone's clocks show at a moment. */
export function dateInZone(moment: Date, timeZone: string): DateKey {
  const clock = wallClockAt(moment, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** 0 for Monday to 6 for Sunday (ISO 8601's order, WEEKDAYS'). */
export function weekdayIndex(date: DateKey): number {
  const { year, month, day } = partsOf(date);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** The moment the zone's clocks read `time` ('HH:MM', '24:00' being the next day's midnight) on `date`. */
export function momentOn(date: DateKey, time: string, timeZone: string): Date {
  if (time === '24:00') return momentOn(addDays(date, 1), '00:00', timeZone);
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return momentAtWallClock({ ...partsOf(date), hour, minute }, timeZone);
}

/** The Monday of the week `date` is in. */
export function mondayOf(date: DateKey): DateKey {
  return addDays(date, -weekdayIndex(date));
}

/** The week (Monday to Sunday) holding `date`, its days bounded by the zone's midnights. */
export function weekOf(date: DateKey, timeZone: string): Week {
  const monday = mondayOf(date);
  const days = WEEKDAYS.map((_, index) => {
    const day = addDays(monday, index);
    return { date: day, start: momentOn(day, '00:00', timeZone), end: momentOn(addDays(day, 1), '00:00', timeZone) };
  });
  const sunday = addDays(monday, 6);
  return { monday, sunday, days, from: momentOn(monday, '00:00', timeZone), to: momentOn(sunday, '24:00', timeZone) };
}

/** Minutes after midnight the zone's clocks read at a moment. */
function clockMinutes(moment: Date, timeZone: string): number {
  const clock = wallClockAt(moment, timeZone);
  return clock.hour * 60 + clock.minute;
}

/**
 * The part of `[start, end)` on `day`, placed by the clocks' reading (a 9:00 meeting sits at the
 * 9:00 line on a 23-hour day too); null when it misses the day.
 */
export function segmentOn(day: WeekDay, start: Date, end: Date, timeZone: string): DaySegment | null {
  const from = Math.max(start.getTime(), day.start.getTime());
  const to = Math.min(end.getTime(), day.end.getTime());
  if (to <= from) return null;
  const startMinute = from === day.start.getTime() ? 0 : clockMinutes(new Date(from), timeZone);
  const endMinute = to === day.end.getTime() ? MINUTES_PER_DAY : clockMinutes(new Date(to), timeZone);
  // The repeated hour of a fall-back day can read earlier at the end than at the start.
  return { startMinute, endMinute: Math.max(endMinute, startMinute + 1) };
}

/** An advisor's open hours on one date of its own zone: the date's override, else its weekday's hours. */
function hoursOn(
  date: DateKey,
  weeklyHours: WeeklyHours,
  overrides: readonly { date: string; intervals: AvailabilityInterval[] }[],
): AvailabilityInterval[] {
  const override = overrides.find((candidate) => candidate.date === date);
  return override ? override.intervals : weeklyHours[WEEKDAYS[weekdayIndex(date)] as Weekday];
}

export interface OpenHours {
  timeZone: string;
  weeklyHours: WeeklyHours;
  dateOverrides: { date: string; intervals: AvailabilityInterval[] }[];
}

/**
 * The advisor's open hours between two moments, as UTC ranges: its intervals are read in its own
 * zone (which may not be the viewer's), one date either side so a zone far ahead or behind is covered.
 */
export function openRanges(hours: OpenHours, from: Date, to: Date): { start: Date; end: Date }[] {
  const ranges: { start: Date; end: Date }[] = [];
  const last = addDays(dateInZone(to, hours.timeZone), 1);
  for (let date = addDays(dateInZone(from, hours.timeZone), -1); date <= last; date = addDays(date, 1)) {
    for (const interval of hoursOn(date, hours.weeklyHours, hours.dateOverrides)) {
      const start = momentOn(date, interval.start, hours.timeZone);
      const end = momentOn(date, interval.end, hours.timeZone);
      if (end > from && start < to) ranges.push({ start, end });
    }
  }
  return ranges;
}

/** The hours the grid shows: 8:00 to 18:00 at least, widened to hold every segment. */
export function visibleHours(segments: readonly DaySegment[]): { first: number; last: number } {
  let first = 8;
  let last = 18;
  for (const segment of segments) {
    first = Math.min(first, Math.floor(segment.startMinute / 60));
    last = Math.max(last, Math.ceil(segment.endMinute / 60));
  }
  return { first, last };
}

export interface Placed<T> {
  item: T;
  segment: DaySegment;
  /** Side by side with what overlaps it: its column, of `lanes`. */
  lane: number;
  lanes: number;
}

/**
 * One day's blocks, side by side where they overlap: each takes the first free column of its
 * group of overlapping blocks, and the group's blocks share its width.
 */
export function layOut<T>(blocks: readonly { item: T; segment: DaySegment }[]): Placed<T>[] {
  const sorted = [...blocks].sort(
    (a, b) => a.segment.startMinute - b.segment.startMinute || b.segment.endMinute - a.segment.endMinute,
  );
  const placed: Placed<T>[] = [];
  let group: Placed<T>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const block of group) block.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const { item, segment } of sorted) {
    if (segment.startMinute >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= segment.startMinute);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = segment.endMinute;
    groupEnd = Math.max(groupEnd, segment.endMinute);
    const block = { item, segment, lane, lanes: 1 };
    group.push(block);
    placed.push(block);
  }
  closeGroup();
  return placed;
}

export interface ScheduleDay<T> {
  day: WeekDay;
  blocks: Placed<T>[];
  /** The advisor's open hours on this day. */
  open: DaySegment[];
}

/** Each day of the week with its part of every item (meetings, UTC `start`/`end`) and of the open hours. */
export function scheduleDays<T extends { start: string; end: string }>(
  week: Week,
  items: readonly T[],
  open: readonly { start: Date; end: Date }[],
  timeZone: string,
): ScheduleDay<T>[] {
  return week.days.map((day) => {
    const blocks = items.flatMap((item) => {
      const segment = segmentOn(day, new Date(item.start), new Date(item.end), timeZone);
      return segment ? [{ item, segment }] : [];
    });
    const openSegments = open.flatMap((range) => segmentOn(day, range.start, range.end, timeZone) ?? []);
    return { day, blocks: layOut(blocks), open: openSegments };
  });
}
