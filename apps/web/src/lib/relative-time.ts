/** How long ago a moment was, the way a feed says it: 'just now', '5 minutes ago', 'yesterday', 'Mar 4'. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Past a week, the date says more than a count of days. */
const WEEK = 7 * DAY;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function timeAgo(iso: string, now: Date): string {
  const moment = new Date(iso);
  const elapsed = now.getTime() - moment.getTime();
  // A moment slightly ahead (another machine's clock) is also 'just now'.
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return relative.format(-Math.floor(elapsed / DAY), 'day');
  return moment.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(moment.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}
