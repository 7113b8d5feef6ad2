import type { DateKey } from './week';

/** How the Schedule page writes times and days: en-US, in the viewer's zone. */

const LOCALE = 'en-US';

/** A date key as a UTC midnight, so a formatter in 'UTC' writes that calendar date. */
const asDate = (date: DateKey) => new Date(`${date}T00:00:00Z`);

/** "9:00 – 9:30 AM". */
export function formatTimeRange(start: Date, end: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeZone, hour: 'numeric', minute: '2-digit' }).formatRange(start, end);
}

/** "9:30 AM". */
export function formatStartTime(start: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeZone, hour: 'numeric', minute: '2-digit' }).format(start);
}

/** "Mar 2 – 8, 2026" (the week from its Monday to its Sunday). */
export function formatWeekRange(monday: DateKey, sunday: DateKey): string {
  return new Intl.DateTimeFormat(LOCALE, {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).formatRange(asDate(monday), asDate(sunday));
}

/** "Mon 9" (a column's heading) or, `long`, "Monday, March 9" (a day of the phone's list). */
export function formatDay(date: DateKey, { long = false } = {}): string {
  if (long) {
    return new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(
      asDate(date),
    );
  }
  const weekday = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', weekday: 'short' }).format(asDate(date));
  return `${weekday} ${Number(date.slice(8))}`;
}

/** "9 AM", a line of the grid. */
export function formatHour(hour: number): string {
  if (hour === 0 || hour === 24) return '12 AM';
  if (hour === 12) return '12 PM';
  return hour < 12 ? `${hour} AM` : `${hour - 12} PM`;
}

/** "Eastern Time (America/New York)": the zone's common name and its IANA name. */
export function zoneLabel(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(at);
  const name = parts.find((part) => part.type === 'timeZoneName')?.value;
  const iana = timeZone.replaceAll('_', ' ');
  return name && name !== iana ? `${name} (${iana})` : iana;
}
