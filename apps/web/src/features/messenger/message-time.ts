/** Times in the messenger, in the user's locale and time zone. */

// A formatter is costly to make and a long conversation formats a time per message: one per shape.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** `date` as `options` say, in the user's zone, with one formatter per locale and options. */
export function formatDate(date: Date, locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** A message's time of day ('9:05 AM'); its day is the separator above it. */
export function messageTime(iso: string, locale?: string): string {
  return formatDate(new Date(iso), locale, { hour: 'numeric', minute: '2-digit' });
}

/** The conversation list's time: today's as a time, this week's as a weekday, older ones as a date. */
export function listTime(iso: string, now: Date, locale?: string): string {
  const date = new Date(iso);
  if (sameDay(date, now)) return messageTime(iso, locale);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6) return formatDate(date, locale, { weekday: 'short' });
  return formatDate(date, locale, {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}
