import { timesheetQuery } from '@smart/contracts';
import type { DayRangePreset } from '@/components/DayRangeFields';
import { localDay } from '@/lib/local-day';

/** A timesheet's range, kept in the address: a month by default (the local calendar's). */

const pad = (value: number) => String(value).padStart(2, '0');

/** The first and last day of the month `offset` months from the one holding `today`. */
export function monthRange(offset: number, today = new Date()): { from: string; to: string } {
  const first = new Date(today.getFullYear(), today.getMonth() + offset, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0);
  return { from: localDay(first), to: localDay(last) };
}

/** The Timesheet's presets: this month and the one before. */
export const monthPresets = (today = new Date()): DayRangePreset[] => [
  { label: 'This month', range: monthRange(0, today) },
  { label: 'Last month', range: monthRange(-1, today) },
];

export interface AddressRange {
  from: string;
  to: string;
  /** The server's message for a range it would refuse, under the field it is about; none: fetch it. */
  errors: { from?: string; to?: string };
}

/**
 * The range in the address (`?from=&to=`; a missing end is this month's), checked by the server's
 * own rule (a day each, `to` not before `from`, not too long): a range it would refuse stays as
 * typed, with its message, rather than silently becoming this month. No range at all: this month.
 */
export function readRange(params: URLSearchParams, today = new Date()): AddressRange {
  const typed = { from: params.get('from'), to: params.get('to') };
  const range = { ...monthRange(0, today), ...definedOnly(typed) };
  const checked = timesheetQuery.safeParse(range);
  if (checked.success) return { ...range, errors: {} };
  const errors: AddressRange['errors'] = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] === 'from' ? 'from' : 'to';
    errors[field] ??= issue.message;
  }
  return { ...range, errors };
}

const definedOnly = (typed: { from: string | null; to: string | null }) => ({
  ...(typed.from !== null && { from: typed.from }),
  ...(typed.to !== null && { to: typed.to }),
});

/**
 * The days of `month` (YYYY-MM) inside the range: a month's statement covers what its row of the
 * timesheet counts, so a range starting mid-month gives a statement from that day.
 */
export function monthWithin(month: string, range: { from: string; to: string }): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const last = `${month}-${pad(new Date(Date.UTC(year, monthNumber, 0)).getUTCDate())}`;
  return { from: first > range.from ? first : range.from, to: last < range.to ? last : range.to };
}
