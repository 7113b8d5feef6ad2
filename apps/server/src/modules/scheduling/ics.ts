/**
 * iCalendar (RFC 5545) for meetings: the invitation e-mails' attachment, "Add to calendar" and the
 * personal feed. Written by hand (a few properties, no recurrence): one stable UID per meeting,
 * SEQUENCE from the meeting, times in UTC ("Z") or, for an entry given a zone, in that zone with its
 * VTIMEZONE (vtimezone.ts), text escaped and lines folded at 75 octets, CRLF.
 * Cal.com's bugs this avoids: a SEQUENCE that never grows (calendars then ignore the update) and a
 * cancellation sent as a new event instead of METHOD:CANCEL with the same UID.
 */

import { isRepeatedTime, localTimeIn, vtimezoneLines, yearIn } from './vtimezone.js';

/** REQUEST: an invitation or its update; CANCEL: its cancellation; PUBLISH: a download or a feed. */
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface CalendarPerson {
  name: string;
  email: string;
}

/** One meeting as a VEVENT. */
export interface CalendarEntry {
  uid: string;
  sequence: number;
  cancelled: boolean;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** The advisor: the organizer of every meeting. */
  organizer: CalendarPerson;
  attendees: CalendarPerson[];
  /** The meeting in the app. */
  url: string;
  /** When this version was made (DTSTAMP). */
  stamp: Date;
  /** The IANA zone its times are written in (the advisor's); absent: UTC. */
  timeZone?: string;
}

const PRODUCT_ID = '-//S.M.A.R.T.//Sessions//EN';
/** The domain part of each UID: unique to this product (RFC 5545 §3.8.4.7). */
const UID_DOMAIN = 'smart-sessions';

/** 20260309T130000Z. */
const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Control characters other than newlines (tab included): iCalendar TEXT cannot carry them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/g;

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 §3.3.11); other control characters dropped. */
const text = (value: string) =>
  value
    .replace(CONTROL, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value (CN): quoted, with what a quoted value cannot hold (quotes, control characters) removed (RFC 5545 §3.1). */
const parameter = (value: string) => `"${value.replace(CONTROL, '').replace(/["\r\n]/g, '')}"`;

/** mailto: with the characters a URI may not hold percent-encoded. */
const mailto = (email: string) => `mailto:${encodeURI(email)}`;

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Back off to the start of a UTF-8 character (continuation bytes are 10xxxxxx).
    while (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // a continuation line starts with one space
  }
  return parts.join('\r\n ');
}

/**
 * DTSTART;TZID=America/New_York:20260309T090000, or DTSTART:20260309T130000Z without a zone or for a
 * time the zone repeats (readers disagree on which of the two it is).
 */
const timeProperty = (name: string, instant: Date, zone: string | undefined) =>
  zone && !isRepeatedTime(instant, zone)
    ? `${name};TZID=${zone}:${localTimeIn(instant, zone)}`
    : `${name}:${utc(instant)}`;

/** One VTIMEZONE per zone the entries use, exact from the year before the first entry to the year after the last. */
function timeZoneLines(entries: CalendarEntry[]): string[] {
  const years = new Map<string, { from: number; to: number }>();
  for (const entry of entries) {
    if (!entry.timeZone) continue;
    const start = yearIn(entry.start, entry.timeZone);
    const end = yearIn(entry.end, entry.timeZone);
    const known = years.get(entry.timeZone);
    years.set(entry.timeZone, { from: Math.min(known?.from ?? start, start), to: Math.max(known?.to ?? end, end) });
  }
  return [...years].flatMap(([zone, { from, to }]) => vtimezoneLines(zone, from - 1, to + 1));
}

function eventLines(entry: CalendarEntry, method: CalendarMethod): string[] {
  const status = entry.cancelled || method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED';
  const lines = [
    'BEGIN:VEVENT',
    `UID:${entry.uid}@${UID_DOMAIN}`,
    `SEQUENCE:${entry.sequence}`,
    `DTSTAMP:${utc(entry.stamp)}`,
    timeProperty('DTSTART', entry.start, entry.timeZone),
    timeProperty('DTEND', entry.end, entry.timeZone),
    `SUMMARY:${text(entry.summary)}`,
  ];
  if (entry.description) lines.push(`DESCRIPTION:${text(entry.description)}`);
  lines.push(
    `URL:${entry.url}`,
    `STATUS:${status}`,
    `ORGANIZER;CN=${parameter(entry.organizer.name)}:${mailto(entry.organizer.email)}`,
  );
  for (const attendee of entry.attendees) {
    lines.push(
      `ATTENDEE;CN=${parameter(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION:${mailto(attendee.email)}`,
    );
  }
  lines.push('END:VEVENT');
  return lines;
}

/** A VCALENDAR of the entries, with METHOD for an iTIP message (RFC 5545 §3.7.2; RFC 5546). */
export function renderCalendar(method: CalendarMethod, entries: CalendarEntry[], name?: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODUCT_ID}`, 'CALSCALE:GREGORIAN', `METHOD:${method}`];
  if (name) lines.push(`X-WR-CALNAME:${text(name)}`);
  lines.push(...timeZoneLines(entries));
  for (const entry of entries) lines.push(...eventLines(entry, method));
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/**
 * A meeting's file name from its topic ("Quarterly cash-flow review.ics"): ASCII letters, digits,
 * dots, hyphens and underscores, anything else a space (a header's quoted name holds nothing else
 * safely), 60 characters at most; "session.ics" when nothing is left.
 */
export function calendarFileName(topic: string): string {
  const name = topic
    .replace(/[^A-Za-z0-9._-]+/g, ' ')
    .slice(0, 60)
    .replace(/^[\s.-]+|[\s.-]+$/g, '');
  return `${name || 'session'}.ics`;
}
