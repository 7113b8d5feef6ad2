import {
  type AdvisorAvailability,
  type AdvisorAvailabilitySettings,
  type AdvisorSession,
  type AdvisorSlots,
  recordPaths,
  type SessionPerson,
} from '@smart/contracts';
import type { AdvisorSessionRow, UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { displayName } from '../people/index.js';
import type { CalendarEntry, CalendarPerson } from './ics.js';
import { availabilityPermissions, sessionPermissions } from './policy.js';

/** An availability as stored, or the defaults (`updatedAt` null) until one is saved. */
export interface AvailabilityRecord extends AdvisorAvailabilitySettings {
  advisorId: string;
  updatedAt: Date | null;
}

export function presentAvailability(record: AvailabilityRecord, actor: Actor): AdvisorAvailability {
  return {
    advisorId: record.advisorId,
    timeZone: record.timeZone,
    weeklyHours: record.weeklyHours,
    dateOverrides: record.dateOverrides,
    sessionLengths: record.sessionLengths,
    bufferMinutes: record.bufferMinutes,
    minimumNoticeMinutes: record.minimumNoticeMinutes,
    horizonDays: record.horizonDays,
    updatedAt: record.updatedAt?.toISOString() ?? null,
    permissions: availabilityPermissions(actor, record.advisorId),
  };
}

export function presentSlots(
  advisorId: string,
  availability: Pick<AvailabilityRecord, 'timeZone' | 'sessionLengths'>,
  length: number,
  starts: Date[],
): AdvisorSlots {
  return {
    advisorId,
    timeZone: availability.timeZone,
    sessionLengths: availability.sessionLengths,
    length,
    slots: starts.map((start) => ({
      start: start.toISOString(),
      end: new Date(start.getTime() + length * 60_000).toISOString(),
    })),
  };
}

// ---- Sessions (issue 24) ----

/** A person of a session as its queries select them (sessionPersonColumns). */
export type SessionPersonRow = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'profileImage'>;

/** A session with its organization's name, its people and its ticket, as every session query loads it. */
export interface AdvisorSessionRecord {
  session: AdvisorSessionRow;
  organizationName: string;
  advisor: SessionPersonRow;
  bookedBy: SessionPersonRow | null;
  cancelledBy: SessionPersonRow | null;
  ticket: { id: string; title: string } | null;
  attendees: SessionPersonRow[];
}

const presentPerson = (person: SessionPersonRow): SessionPerson => ({
  id: person.id,
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  profileImage: person.profileImage,
});

/** A session as the API shows it, without what the viewer may do: the calendar feed and invitations have no viewer. */
export function presentSessionFields(record: AdvisorSessionRecord): Omit<AdvisorSession, 'permissions'> {
  const { session } = record;
  return {
    id: session.id,
    organizationId: session.organizationId,
    organizationName: record.organizationName,
    advisor: presentPerson(record.advisor),
    bookedBy: record.bookedBy ? presentPerson(record.bookedBy) : null,
    attendees: record.attendees.map(presentPerson),
    start: session.startAt.toISOString(),
    end: session.endAt.toISOString(),
    length: session.length,
    topic: session.topic,
    agenda: session.agenda,
    status: session.status,
    ticket: record.ticket,
    cancelledBy: record.cancelledBy ? presentPerson(record.cancelledBy) : null,
    cancelledAt: session.cancelledAt?.toISOString() ?? null,
    cancelReason: session.cancelReason,
    icalUid: session.icalUid,
    sequence: session.icalSequence,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
  };
}

/** The policy's view of a loaded session. */
export const sessionAccessOf = (record: AdvisorSessionRecord) => ({
  ...record.session,
  attendeeIds: record.attendees.map((attendee) => attendee.id),
});

export function presentSession(record: AdvisorSessionRecord, actor: Actor, now: Date): AdvisorSession {
  return { ...presentSessionFields(record), permissions: sessionPermissions(actor, sessionAccessOf(record), now) };
}

const calendarPerson = (person: SessionPerson): CalendarPerson => ({ name: displayName(person), email: person.email });

/**
 * A session as one VEVENT: its stable UID and SEQUENCE, UTC times, the advisor as organizer, the
 * attendees, and the link to it in the app. The download, the invitations and the feed all use it.
 */
export function calendarEntryOf(session: Omit<AdvisorSession, 'permissions'>, appUrl: string): CalendarEntry {
  return {
    uid: session.icalUid,
    sequence: session.sequence,
    cancelled: session.status === 'cancelled',
    start: new Date(session.start),
    end: new Date(session.end),
    summary: session.topic,
    description: [`With ${session.organizationName}`, session.agenda].filter(Boolean).join('\n\n'),
    organizer: calendarPerson(session.advisor),
    attendees: session.attendees.map(calendarPerson),
    url: `${appUrl}${recordPaths.session(session.id)}`,
    stamp: new Date(session.updatedAt),
  };
}
