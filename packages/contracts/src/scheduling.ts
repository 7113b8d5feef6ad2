/**
 * Scheduling with an advisor: the values an advisor's availability takes, its defaults and
 * limits, and how a slot is shown. Defined once; the server's checks and the web app's editor and
 * booking dialog read them from here.
 */
import type { EventBudget } from './limits.js';

/** The week as an advisor's weekly hours name it (keys of `weeklyHours`), Monday first as ISO 8601 numbers it. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A meeting is scheduled until someone cancels it; a cancelled one is kept, with who cancelled and why. */
export const MEETING_STATUSES = ['scheduled', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** The meeting lengths an advisor may offer, in minutes. */
export const MEETING_LENGTHS = [15, 30, 45, 60, 90, 120] as const;
export type MeetingLength = (typeof MEETING_LENGTHS)[number];
export const DEFAULT_MEETING_LENGTHS: readonly MeetingLength[] = [30, 60];

/** Minutes kept free after each meeting (its buffer is inside its blocked range). */
export const DEFAULT_BUFFER_MINUTES = 0;
export const MAX_BUFFER_MINUTES = 120;
/** How long before a meeting it may be booked at the latest. */
export const DEFAULT_MINIMUM_NOTICE_MINUTES = 120;
export const MAX_MINIMUM_NOTICE_MINUTES = 30 * 24 * 60;
/** How far ahead a meeting may be booked. */
export const DEFAULT_HORIZON_DAYS = 60;
export const MAX_HORIZON_DAYS = 365;

/**
 * Booking rules (an advisor's): at most this many sessions a day and a week (in its zone; none: no
 * limit); the notice a member must give to cancel or reschedule (inside it only the advisor or the
 * organization's org_admin may, with a reason); how many times a session may be moved.
 */
export const MAX_SESSIONS_PER_DAY = 50;
export const MAX_SESSIONS_PER_WEEK = 250;
export const MAX_CANCEL_CUTOFF_MINUTES = 14 * 24 * 60;
export const MAX_RESCHEDULES_LIMIT = 20;

/** Intervals on one day (weekly hours or a date override). */
export const MAX_INTERVALS_PER_DAY = 12;
/** Date overrides one advisor keeps (a day off, other hours on one date): one a day of the longest horizon. */
export const MAX_DATE_OVERRIDES = MAX_HORIZON_DAYS + 1;
/**
 * The largest availability body accepted: the biggest valid one (every override with its most
 * intervals, about 155 KB of JSON) fits, above the 100 KiB every other JSON body gets.
 */
export const MAX_AVAILABILITY_BODY_BYTES = 256 * 1024;
/** The widest `from`–`to` window one slots request may ask for. */
export const MAX_SLOT_RANGE_DAYS = 14;

/** People a meeting names besides its advisor (the booker among them when it attends). */
export const MAX_MEETING_ATTENDEES = 20;
export const MAX_MEETING_TOPIC_LENGTH = 200;
export const MAX_MEETING_AGENDA_LENGTH = 5000;
export const MAX_CANCEL_REASON_LENGTH = 1000;
/** Meetings a page of GET /api/sessions holds by default, and at most. */
export const MEETING_PAGE_SIZE = 20;
export const MAX_MEETING_PAGE_SIZE = 100;
/** The order of GET /api/sessions: soonest first (upcoming), or latest first (past). */
export const MEETING_SORTS = ['start', '-start'] as const;
export type MeetingSort = (typeof MEETING_SORTS)[number];

/** Reminders of a meeting, each given once, this long before it starts (moved when it moves). */
export const MEETING_REMINDERS = { '24h': 24 * 60, '1h': 60 } as const;
export type MeetingReminderKind = keyof typeof MEETING_REMINDERS;

/** What a meeting's change was, in its live event and its notifications. */
export const MEETING_CHANGES = ['booked', 'rescheduled', 'updated', 'cancelled'] as const;
export type MeetingChange = (typeof MEETING_CHANGES)[number];

/** Live events of meetings, to the user rooms of its people (the advisor, the booker, the attendees). */
export const MEETING_EVENTS = { changed: 'session_changed' } as const;
export interface MeetingChangedEvent {
  sessionId: string;
  organizationId: string;
  change: MeetingChange;
}

/**
 * The personal calendar feed: `GET /api/calendar/{token}.ics`, a secret token in the path (calendar
 * apps cannot send a session). It lists meetings from this many days back, and every upcoming one.
 */
export const CALENDAR_FEED_PAST_DAYS = 30;
/** The feed token's length in characters (base64url of 32 random bytes). */
export const CALENDAR_FEED_TOKEN_LENGTH = 43;
/**
 * The feed's budgets (token buckets, limits.ts' EventBudget), per feed (its token) and per client
 * address: a feed answers `burst` polls at once and `perMinute` a minute after, then 429 with
 * Retry-After. Calendar apps poll every few minutes at most, so only a loop or a guesser reaches
 * them; an office behind one address polls many feeds, so the address's budget is larger.
 */
export const CALENDAR_FEED_BUDGETS = {
  feed: { burst: 30, perMinute: 30 },
  address: { burst: 240, perMinute: 240 },
} as const satisfies Record<string, EventBudget>;

/** A wall-clock time "HH:MM" (24-hour); an interval may end at "24:00", the end of its day. */
export const CLOCK_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** One stretch of a day, in the advisor's zone: start inclusive, end exclusive. */
export interface AvailabilityInterval {
  start: string;
  end: string;
}
export type WeeklyHours = Record<Weekday, AvailabilityInterval[]>;

/** Monday to Friday 09:00–17:00, what a new calendar offers until its owner says otherwise. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = {
  monday: [{ start: '09:00', end: '17:00' }],
  tuesday: [{ start: '09:00', end: '17:00' }],
  wednesday: [{ start: '09:00', end: '17:00' }],
  thursday: [{ start: '09:00', end: '17:00' }],
  friday: [{ start: '09:00', end: '17:00' }],
  saturday: [],
  sunday: [],
};

/**
 * A slot's start as the viewer's clocks read it, with its zone's name: "Mon, Mar 9, 2026, 9:00 AM
 * Eastern Daylight Time". Intl knows every zone's rules, so the name is the one in force that day.
 */
export function formatSlotTime(
  start: string | Date,
  timeZone: string,
  options: { locale?: string; zoneName?: 'long' | 'short' } = {},
): string {
  return new Intl.DateTimeFormat(options.locale ?? 'en-US', {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: options.zoneName ?? 'long',
  }).format(typeof start === 'string' ? new Date(start) : start);
}

/** Whether any two of one day's intervals overlap ("HH:MM" strings compare in time order); touching is fine. */
export function intervalsOverlap(intervals: readonly AvailabilityInterval[]): boolean {
  const sorted = [...intervals].sort((a, b) => a.start.localeCompare(b.start));
  let previousEnd = '';
  for (const interval of sorted) {
    if (interval.start < previousEnd) return true;
    previousEnd = interval.end;
  }
  return false;
}

/**
 * A real calendar day written YYYY-MM-DD (no 30 February), from the year 1 on: PostgreSQL's date has
 * no year 0000 (zod's ISO date takes it, and the cast fails with a 500). setUTCFullYear, not Date.UTC,
 * which reads the years 0-99 as 1900-1999.
 */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
