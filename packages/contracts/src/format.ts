const KB = 1024;
const LARGER_UNITS = ['MB', 'GB'] as const;

/**
 * A file's or a quota's size, the one way the app writes sizes (the messenger said
 * "602 Bytes" beside attachments in KB): whole KB, rounded, below a megabyte, where a file that is
 * not empty shows at least 1 KB so it never reads as empty; MB and GB (base 1024) with at most two
 * decimals above.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 KB';
  const kilobytes = Math.max(1, Math.round(bytes / KB));
  if (kilobytes < KB) return `${kilobytes} KB`;
  // 2 is MB (also for the last half KB below a megabyte, which rounds up to 1024 KB), 3 is GB.
  const exponent = Math.min(Math.max(2, Math.floor(Math.log(bytes) / Math.log(KB))), 3);
  const value = bytes / KB ** exponent;
  return `${Number.parseFloat(value.toFixed(2))} ${LARGER_UNITS[exponent - 2]}`;
}

/**
 * A date-only value (YYYY-MM-DD) as the app writes days, MM/DD/YYYY, read as written: no time zone
 * can move the day. Null when it is not one.
 */
export function formatDateOnly(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : null;
}

export interface NamedUser {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profile?: { firstName?: string | null; lastName?: string | null } | null;
}

function nameParts(user: NamedUser): [string, string] {
  const first = (user.profile?.firstName || user.firstName || '').trim();
  const last = (user.profile?.lastName || user.lastName || '').trim();
  return [first, last];
}

/** Full name; else the e-mail; else the given fallback. */
export function displayName(user: NamedUser | null | undefined, fallback = 'User'): string {
  if (!user) return fallback;
  const full = nameParts(user).filter(Boolean).join(' ');
  return full || user.email || fallback;
}

/** Initials for an avatar placeholder; 'U' when nothing is known. */
export function initials(user: NamedUser | null | undefined): string {
  if (!user) return 'U';
  const [first, last] = nameParts(user);
  const letters = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return letters || user.email?.charAt(0).toUpperCase() || 'U';
}

/** An hour of the day on the clock the app shows times on (12-hour): 8 -> "8:00 AM", 17 -> "5:00 PM". */
export const formatHour = (hour: number): string => `${hour % 12 || 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
