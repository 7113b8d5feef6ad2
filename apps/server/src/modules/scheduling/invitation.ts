import {
  formatSlotTime,
  isTimeZone,
  type NotificationData,
  type NotificationType,
  recordPaths,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { uuidArray } from '../../lib/sql.js';
import type { InvitationDelivery, InvitationMail } from '../notifications/index.js';
import { displayName } from '../people/index.js';
import { type CalendarEntry, type CalendarPerson, renderCalendar } from './ics.js';

/*
 * A meeting's invitation e-mail: the notification engine mails each calendar event
 * (session_booked, _rescheduled, _updated, _cancelled) with the meeting's .ics. The event's
 * snapshot fixes the time, SEQUENCE, METHOD and attendees as they were at that change, so a late
 * or repeated delivery never sends a newer state under an older number; what the snapshot does
 * not hold (the UID, topic, agenda, names and addresses) is read at delivery, in one query.
 */

export type InvitationSnapshot = NonNullable<NotificationData['session']>;

interface InvitationRow {
  ical_uid: string;
  topic: string;
  agenda: string;
  organization_name: string;
  /** The advisor's availability zone, else its profile's; null: neither set. */
  advisor_time_zone: string | null;
  advisor: CalendarPersonRow;
  attendees: CalendarPersonRow[];
}

interface CalendarPersonRow {
  firstName: string;
  lastName: string;
  email: string;
}

const personJson = (alias: string) =>
  sql.raw(
    `json_build_object('firstName', ${alias}.first_name, 'lastName', ${alias}.last_name, 'email', ${alias}.email)`,
  );

/** The meeting's lasting parts with its advisor and the snapshot's attendees (in the snapshot's order), in one query. */
async function loadInvitationMeeting(db: Database, meetingId: string, attendeeIds: string[]) {
  const ids = uuidArray(attendeeIds);
  const { rows } = (await db.execute(sql`
    select s.ical_uid::text as ical_uid, s.topic, s.agenda, o.name as organization_name,
      coalesce(av.time_zone, a.time_zone) as advisor_time_zone, ${personJson('a')} as advisor,
      (select coalesce(json_agg(${personJson('p')} order by array_position(${ids}, p.id)), '[]'::json)
        from users p where p.id = any(${ids})) as attendees
    from advisor_sessions s
    join organizations o on o.id = s.organization_id
    join users a on a.id = s.advisor_id
    left join advisor_availability av on av.advisor_id = s.advisor_id
    where s.id = ${meetingId}::uuid
  `)) as unknown as { rows: InvitationRow[] };
  return rows[0] ?? null;
}

const calendarPerson = (person: CalendarPersonRow): CalendarPerson => ({
  name: displayName(person),
  email: person.email,
});

/** The event as the snapshot fixed it. */
function invitationEntry(
  row: InvitationRow,
  snapshot: InvitationSnapshot,
  delivery: InvitationDelivery,
  appUrl: string,
): CalendarEntry {
  return {
    uid: row.ical_uid,
    sequence: snapshot.sequence,
    cancelled: snapshot.method === 'CANCEL',
    start: new Date(snapshot.start),
    end: new Date(snapshot.end),
    summary: row.topic,
    description: [`With ${row.organization_name}`, row.agenda].filter(Boolean).join('\n\n'),
    organizer: calendarPerson(row.advisor),
    attendees: row.attendees.map(calendarPerson),
    url: `${appUrl}${recordPaths.session(delivery.meetingId)}`,
    stamp: delivery.createdAt,
    // In the advisor's zone, so every calendar (Outlook too) shows the time the advisor set out.
    ...(row.advisor_time_zone && isTimeZone(row.advisor_time_zone) && { timeZone: row.advisor_time_zone }),
  };
}

/** "Invitation: Topic — Mon, Mar 9, 2026, 9:00 AM EDT", "Updated invitation: …", "Cancelled: …". */
function invitationSubject(type: NotificationType, snapshot: InvitationSnapshot, topic: string, timeZone: string) {
  const kind =
    snapshot.method === 'CANCEL' ? 'Cancelled' : type === 'session_booked' ? 'Invitation' : 'Updated invitation';
  return `${kind}: ${topic} — ${formatSlotTime(snapshot.start, timeZone, { zoneName: 'short' })}`;
}

/** The change told to the one who made it. */
function ownActLine(type: NotificationType, snapshot: InvitationSnapshot, topic: string): string {
  if (snapshot.method === 'CANCEL') return `You cancelled the session "${topic}"`;
  if (type === 'session_booked') return `You booked the session "${topic}"`;
  if (type === 'session_rescheduled') return `You moved the session "${topic}"`;
  return `You updated the session "${topic}"`;
}

/**
 * The invitation of a calendar delivery, or null when it is not one (no snapshot) or its meeting
 * is gone (then the e-mail goes without an .ics).
 */
export async function meetingInvitation(
  db: Database,
  appUrl: string,
  delivery: InvitationDelivery,
): Promise<InvitationMail | null> {
  const snapshot = delivery.data.session;
  if (!snapshot) return null;
  const row = await loadInvitationMeeting(db, delivery.meetingId, snapshot.attendeeIds);
  if (!row) return null;
  const entry = invitationEntry(row, snapshot, delivery, appUrl);
  // A zone the runtime does not know (stored before it was checked) reads as UTC rather than failing the send.
  const timeZone = delivery.timeZone && isTimeZone(delivery.timeZone) ? delivery.timeZone : 'UTC';
  const minutes = Math.round((entry.end.getTime() - entry.start.getTime()) / 60_000);
  return {
    subject: invitationSubject(delivery.type, snapshot, row.topic, timeZone),
    icalEvent: {
      method: snapshot.method,
      content: renderCalendar(snapshot.method, [entry]),
      filename: 'invite.ics',
    },
    line: delivery.ownAct ? ownActLine(delivery.type, snapshot, row.topic) : null,
    details: [
      `When: ${formatSlotTime(entry.start, timeZone)} (${minutes} minutes)`,
      `Advisor: ${entry.organizer.name}`,
      `Organization: ${row.organization_name}`,
      ...(entry.attendees.length > 0 ? [`Attendees: ${entry.attendees.map((person) => person.name).join(', ')}`] : []),
    ],
  };
}
