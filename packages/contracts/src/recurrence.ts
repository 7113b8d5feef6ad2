import { WEEKDAYS, type Weekday } from './scheduling.js';

/**
 * Repeating tasks: the subset of iCalendar's RRULE (RFC 5545) the task form offers, and the dates it
 * makes. A series' dates are calendar days in its organization's time zone; they are computed on
 * the calendar alone (days, weeks, months), never by adding hours, so a clock change cannot move
 * one. The zone decides only when "today" has passed a due date (the server's sweep).
 *
 * The first occurrence is the task the series starts from (its due date), whatever the rule; each
 * next one is the rule's first date after the previous. A day of the month the month lacks (the
 * 31st in April, February 29th in 2027) falls on the month's last day.
 */

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** A weekday as the app writes it ('Monday'), and as RRULE does ('MO'). */
export const weekdayLabel = (weekday: Weekday) => weekday.charAt(0).toUpperCase() + weekday.slice(1);
const rruleDay = (weekday: Weekday) => weekday.slice(0, 2).toUpperCase();

/** Which week of the month an n-th weekday rule means: the first four, or the last (-1). */
export const MONTH_WEEKS = [1, 2, 3, 4, -1] as const;
export type MonthWeek = (typeof MONTH_WEEKS)[number];
const MONTH_WEEK_LABELS: Record<MonthWeek, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };

/**
 * When a series' next task is created: when the current one is completed, or when its due date has
 * passed in the organization's time zone (whether or not it was completed).
 */
export const RECURRENCE_TRIGGERS = ['completion', 'due_date'] as const;
export type RecurrenceTrigger = (typeof RECURRENCE_TRIGGERS)[number];
export const RECURRENCE_TRIGGER_LABELS: Record<RecurrenceTrigger, string> = {
  completion: 'When this one is completed',
  due_date: 'When its due date passes',
};
export const DEFAULT_RECURRENCE_TRIGGER: RecurrenceTrigger = 'completion';

/** "Every 99 weeks" at most; "after 999 times" at most. */
export const MAX_RECURRENCE_INTERVAL = 99;
export const MAX_RECURRENCE_COUNT = 999;
/** How many of a series' next dates the task page shows. */
export const RECURRENCE_PREVIEW_DATES = 3;

/** How a month's date is picked: its day (the 31st), or an n-th weekday (the second Tuesday, the last Friday). */
export type MonthlyPosition = { day: number } | { week: MonthWeek; weekday: Weekday };

export type RecurrenceRule = {
  interval: number;
  /** Ends after this many occurrences (the first included), or on this date (inclusive), or never. */
  count?: number | null;
  until?: string | null;
} & (
  | { frequency: 'daily' }
  | { frequency: 'weekly'; weekdays: Weekday[] }
  | ({ frequency: 'monthly' } & MonthlyPosition)
  | { frequency: 'yearly' }
);

// ---- the calendar, on day numbers (days since 1970-01-01) -------------------------------------

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const partsOf = (date: string) => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
  day: Number(date.slice(8, 10)),
});
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthDate = (year: number, month: number, day: number) =>
  dateOf(Date.UTC(year, month - 1, Math.min(day, daysInMonth(year, month))) / DAY_MS);
/** 0 = Monday … 6 = Sunday. */
const isoWeekday = (day: number) => (((day + 3) % 7) + 7) % 7;
export const weekdayOf = (date: string): Weekday => WEEKDAYS[isoWeekday(dayNumber(date))] as Weekday;

/** The n-th (or last) given weekday of a month. */
function nthWeekday(year: number, month: number, week: MonthWeek, weekday: Weekday): string {
  const target = WEEKDAYS.indexOf(weekday);
  if (week === -1) {
    const last = Date.UTC(year, month - 1, daysInMonth(year, month)) / DAY_MS;
    return dateOf(last - ((isoWeekday(last) - target + 7) % 7));
  }
  const first = Date.UTC(year, month - 1, 1) / DAY_MS;
  return dateOf(first + ((target - isoWeekday(first) + 7) % 7) + (week - 1) * 7);
}

/** Where a date sits in its month, as a monthly rule would name it: the day, and the n-th (or last) weekday. */
export function monthlyPositionsOf(date: string): { day: number; week: MonthWeek; weekday: Weekday } {
  const { year, month, day } = partsOf(date);
  const fromEnd = daysInMonth(year, month) - day;
  const week = day > 28 || (day > 21 && fromEnd < 7) ? -1 : (Math.ceil(day / 7) as MonthWeek);
  return { day, week, weekday: weekdayOf(date) };
}

/** The dates of one period (the k-th day, week, month or year counted from the start's), in order. */
function periodDates(rule: RecurrenceRule, startsOn: string, k: number): string[] {
  const start = partsOf(startsOn);
  const step = k * rule.interval;
  switch (rule.frequency) {
    case 'daily':
      return [dateOf(dayNumber(startsOn) + step)];
    case 'weekly': {
      const monday = dayNumber(startsOn) - isoWeekday(dayNumber(startsOn)) + step * 7;
      return [...new Set(rule.weekdays)]
        .map((weekday) => WEEKDAYS.indexOf(weekday))
        .sort((a, b) => a - b)
        .map((offset) => dateOf(monday + offset));
    }
    case 'monthly': {
      const months = start.month - 1 + step;
      const year = start.year + Math.floor(months / 12);
      const month = (months % 12) + 1;
      return ['day' in rule ? monthDate(year, month, rule.day) : nthWeekday(year, month, rule.week, rule.weekday)];
    }
    case 'yearly':
      return [monthDate(start.year + step, start.month, start.day)];
  }
}

/** How many whole periods lie between the start and a date, less one (so the search starts just before it). */
function periodsBefore(rule: RecurrenceRule, startsOn: string, date: string): number {
  const from = partsOf(startsOn);
  const to = partsOf(date);
  const units = {
    daily: dayNumber(date) - dayNumber(startsOn),
    weekly: Math.floor((dayNumber(date) - dayNumber(startsOn)) / 7),
    monthly: (to.year - from.year) * 12 + (to.month - from.month),
    yearly: to.year - from.year,
  }[rule.frequency];
  return Math.max(0, Math.floor(units / rule.interval) - 1);
}

/**
 * The rule's first date after `after` (a series' latest occurrence), or null when the series has
 * ended: past its `until`, or once `made` occurrences (the first included) reach its `count`.
 */
export function nextOccurrence(rule: RecurrenceRule, startsOn: string, after: string, made = 1): string | null {
  if (rule.count != null && made >= rule.count) return null;
  const floor = after > startsOn ? after : startsOn;
  // A period holds at most 7 dates; a month or year lacking none, one is found within two periods.
  for (let k = periodsBefore(rule, startsOn, floor), tries = 0; tries < 8; k += 1, tries += 1) {
    const found = periodDates(rule, startsOn, k).find((date) => date > floor);
    if (found) return rule.until && found > rule.until ? null : found;
  }
  return null;
}

/** Up to `count` next dates after `after`, as the task page previews them. */
export function nextOccurrences(
  rule: RecurrenceRule,
  startsOn: string,
  after: string,
  made = 1,
  count = RECURRENCE_PREVIEW_DATES,
): string[] {
  const dates: string[] = [];
  let last = after;
  for (let index = 0; index < count; index += 1) {
    const next = nextOccurrence(rule, startsOn, last, made + index);
    if (!next) break;
    dates.push(next);
    last = next;
  }
  return dates;
}

// ---- words and RRULE text ---------------------------------------------------------------------

const every = (interval: number, unit: string) => (interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`);
const listOf = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** The rule as the app writes it: "Every month on day 31", "Every 2 weeks on Monday and Friday, 10 times". */
export function recurrenceLabel(rule: RecurrenceRule, startsOn: string): string {
  const start = partsOf(startsOn);
  let text: string;
  switch (rule.frequency) {
    case 'daily':
      text = every(rule.interval, 'day');
      break;
    case 'weekly':
      text = `${every(rule.interval, 'week')} on ${listOf(
        WEEKDAYS.filter((day) => rule.weekdays.includes(day)).map((day) => weekdayLabel(day)),
      )}`;
      break;
    case 'monthly':
      text =
        'day' in rule
          ? `${every(rule.interval, 'month')} on day ${rule.day}`
          : `${every(rule.interval, 'month')} on the ${MONTH_WEEK_LABELS[rule.week]} ${weekdayLabel(rule.weekday)}`;
      break;
    case 'yearly': {
      const month = new Date(Date.UTC(2000, start.month - 1, 1)).toLocaleString('en-US', {
        month: 'long',
        timeZone: 'UTC',
      });
      text = `${every(rule.interval, 'year')} on ${month} ${start.day}`;
      break;
    }
  }
  if (rule.count != null) return `${text}, ${rule.count} ${rule.count === 1 ? 'time' : 'times'}`;
  if (rule.until) return `${text}, until ${rule.until}`;
  return text;
}

/** The rule as an iCalendar RRULE value (for calendars and the API's readers). */
export function toRRule(rule: RecurrenceRule, startsOn: string): string {
  const parts = [`FREQ=${rule.frequency.toUpperCase()}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.frequency === 'weekly')
    parts.push(
      `BYDAY=${WEEKDAYS.filter((day) => rule.weekdays.includes(day))
        .map(rruleDay)
        .join(',')}`,
    );
  if (rule.frequency === 'monthly') {
    parts.push('day' in rule ? `BYMONTHDAY=${rule.day}` : `BYDAY=${rule.week}${rruleDay(rule.weekday)}`);
  }
  if (rule.frequency === 'yearly')
    parts.push(`BYMONTH=${partsOf(startsOn).month}`, `BYMONTHDAY=${partsOf(startsOn).day}`);
  if (rule.count != null) parts.push(`COUNT=${rule.count}`);
  if (rule.until) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`);
  return parts.join(';');
}
