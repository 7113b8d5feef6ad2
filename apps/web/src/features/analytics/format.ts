import { formatMinutes } from '@smart/contracts';

/** How the analytics page writes its figures. */

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** A median time: "under a minute", "2 h 05 min", "3 d 4 h"; a dash when there is none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < MINUTE) return 'under a minute';
  if (seconds < DAY) return formatMinutes(Math.round(seconds / MINUTE));
  const days = Math.floor(seconds / DAY);
  const hours = Math.round((seconds % DAY) / (60 * MINUTE));
  return hours === 0 ? `${days} d` : hours === 24 ? `${days + 1} d` : `${days} d ${hours} h`;
}

/** Minutes as hours with one decimal, for the hours chart's axis. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 10) / 10;
