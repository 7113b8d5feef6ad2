/** How weeks and months read on the pages that count time by them (Analytics, Timesheet). */

const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const LONG_MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A week's Monday (YYYY-MM-DD) as an axis shows it: "Mar 2". */
export const weekLabel = (weekStart: string) => SHORT_DAY.format(new Date(`${weekStart}T00:00:00Z`));

/** A month (YYYY-MM) as "Mar 2026". */
export const monthLabel = (month: string) => SHORT_MONTH.format(new Date(`${month}-01T00:00:00Z`));

/** A month (YYYY-MM) as a heading or a row names it: "March 2026". */
export const fullMonthLabel = (month: string) => LONG_MONTH.format(new Date(`${month}-01T00:00:00Z`));
