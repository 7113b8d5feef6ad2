/**
 * Time entries: hours worked on a task or a ticket, by hand or by a start/stop timer,
 * billable or not. An advisor's timesheet sums them per organization, week and month.
 */

export const TIME_RECORD_TYPES = ['task', 'ticket'] as const;
export type TimeRecordType = (typeof TIME_RECORD_TYPES)[number];

/** What a total of time is shown on: a record time is spent on, or the work that holds tasks. */
export const TIME_SUMMARY_TYPES = ['task', 'ticket', 'objective', 'project'] as const;
export type TimeSummaryType = (typeof TIME_SUMMARY_TYPES)[number];

/** One entry is at most one day's minutes. */
export const MAX_TIME_ENTRY_MINUTES = 24 * 60;
/**
 * A person's entries on one day add up to at most this: creating, changing and a stopped timer
 * (clamped to what is left) are held to it (docs/decisions/0193).
 */
export const MAX_MINUTES_PER_DAY = 24 * 60;
export const MAX_TIME_NOTE_LENGTH = 1000;
/** One's own entries can be changed this long after they were made; an org_admin's any time. */
export const TIME_ENTRY_EDIT_DAYS = 30;
/** A timesheet covers at most this many days (a year and a day: a whole leap year from any start). */
export const MAX_TIMESHEET_DAYS = 366;
/**
 * A PDF statement holds at most this many entries (dozens of pages): its pages are drawn in the
 * request, so a bound keeps one request from holding the process (docs/decisions/0186).
 */
export const MAX_STATEMENT_ENTRIES = 2000;
export const TIME_ENTRY_PAGE_SIZE = 50;

/**
 * Sent to the person's user room, every tab and device but the one that made the change, when its
 * timer starts, stops (an entry is made) or is discarded: their Time panels read it again.
 */
export const TIMER_EVENTS = { changed: 'timer_changed' } as const;
export interface TimerChangedEvent {
  change: 'started' | 'stopped' | 'discarded';
}
export const TIME_ENTRY_MAX_PAGE_SIZE = 100;

/** "1.50": minutes as decimal hours, as statements, invoices and their CSVs print them. */
export const decimalHours = (minutes: number) => (minutes / 60).toFixed(2);

/** "1 h 05 min", "45 min": a duration as people read it on a record. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')} min`;
}
