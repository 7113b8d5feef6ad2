/** A timesheet's range, kept in the address: a month by default (the local calendar's). */

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The first and last day of the month `offset` months from the one holding `today`. */
export function monthRange(offset: number, today = new Date()): { from: string; to: string } {
  const first = new Date(today.getFullYear(), today.getMonth() + offset, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0);
  return { from: dayOf(first), to: dayOf(last) };
}

/** The range in the address (`?from=&to=`), else this month. */
export function readRange(params: URLSearchParams): { from: string; to: string } {
  const from = params.get('from');
  const to = params.get('to');
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return from && to && day.test(from) && day.test(to) && from <= to ? { from, to } : monthRange(0);
}

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
