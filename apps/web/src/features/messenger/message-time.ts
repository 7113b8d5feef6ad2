/** Times in the messenger, in the user's locale and time zone. */

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** A message's time of day ('9:05 AM'); its day is the separator above it. */
export function messageTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/** The conversation list's time: today's as a time, this week's as a weekday, older ones as a date. */
export function listTime(iso: string, now: Date, locale?: string): string {
  const date = new Date(iso);
  if (sameDay(date, now)) return messageTime(iso, locale);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6) return date.toLocaleDateString(locale, { weekday: 'short' });
  return date.toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}
