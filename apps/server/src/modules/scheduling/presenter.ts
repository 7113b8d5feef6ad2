import {
  type AdvisorAvailability,
  type AdvisorAvailabilitySettings,
  type AdvisorMeeting,
  type AdvisorSlots,
  type AwayNotice,
  type MeetingPerson,
  recordPaths,
  UI_TEXT,
} from '@smart/contracts';
import type { AdvisorMeetingRow, UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { displayName } from '../people/index.js';
import type { CalendarEntry, CalendarPerson } from './ics.js';
import { availabilityPermissions, type BookingRules, bookingRuleLock, meetingPermissions } from './policy.js';

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
    maxSessionsPerDay: record.maxSessionsPerDay,
    maxSessionsPerWeek: record.maxSessionsPerWeek,
    cancelCutoffMinutes: record.cancelCutoffMinutes,
    maxReschedules: record.maxReschedules,
    updatedAt: record.updatedAt?.toISOString() ?? null,
    permissions: availabilityPermissions(actor, record.advisorId),
  };
}

export function presentSlots(
  advisorId: string,
  availability: Pick<AvailabilityRecord, 'timeZone' | 'sessionLengths'>,
  length: number,
  starts: Date[],
  away: AwayNotice | null = null,
): AdvisorSlots {
  return {
    away,
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

// ---- Meetings ----

/** A person of a meeting as its queries select them (meetingPersonColumns). */
export type MeetingPersonRow = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'profileImage'>;

/** A meeting with its organization's name, its people and its ticket, as every meeting query loads it. */
export interface AdvisorMeetingRecord {
  meeting: AdvisorMeetingRow;
  organizationName: string;
  advisor: MeetingPersonRow;
  bookedBy: MeetingPersonRow | null;
  cancelledBy: MeetingPersonRow | null;
  ticket: { id: string; title: string } | null;
  attendees: MeetingPersonRow[];
  /** Its advisor's booking rules now (null: it never saved an availability, so none). */
  rules: BookingRules | null;
}

const presentPerson = (person: MeetingPersonRow): MeetingPerson => ({
  id: person.id,
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  profileImage: person.profileImage,
});

/** A meeting as the API shows it, without what the viewer may do: the calendar feed and invitations have no viewer. */
export function presentMeetingFields(
  record: AdvisorMeetingRecord,
): Omit<AdvisorMeeting, 'permissions' | 'lockedReason'> {
  const { meeting } = record;
  return {
    id: meeting.id,
    organizationId: meeting.organizationId,
    organizationName: record.organizationName,
    advisor: presentPerson(record.advisor),
    bookedBy: record.bookedBy ? presentPerson(record.bookedBy) : null,
    attendees: record.attendees.map(presentPerson),
    start: meeting.startAt.toISOString(),
    end: meeting.endAt.toISOString(),
    length: meeting.length,
    topic: meeting.topic,
    agenda: meeting.agenda,
    status: meeting.status,
    ticket: record.ticket,
    cancelledBy: record.cancelledBy ? presentPerson(record.cancelledBy) : null,
    cancelledAt: meeting.cancelledAt?.toISOString() ?? null,
    cancelReason: meeting.cancelReason,
    icalUid: meeting.icalUid,
    sequence: meeting.icalSequence,
    reschedules: meeting.rescheduleCount,
    createdAt: meeting.createdAt.toISOString(),
    updatedAt: meeting.updatedAt.toISOString(),
  };
}

const LOCK_MESSAGES = { cutoff: UI_TEXT.meetingInsideCutoff, reschedules: UI_TEXT.meetingReschedulesUsed } as const;

/** The policy's view of a loaded meeting. */
export const meetingAccessOf = (record: AdvisorMeetingRecord) => ({
  ...record.meeting,
  attendeeIds: record.attendees.map((attendee) => attendee.id),
  rules: record.rules,
});

export function presentMeeting(record: AdvisorMeetingRecord, actor: Actor, now: Date): AdvisorMeeting {
  const access = meetingAccessOf(record);
  const lock = bookingRuleLock(actor, access, now);
  return {
    ...presentMeetingFields(record),
    lockedReason:
      lock && record.meeting.status === 'scheduled' && record.meeting.startAt > now ? LOCK_MESSAGES[lock] : null,
    permissions: meetingPermissions(actor, access, now),
  };
}

const calendarPerson = (person: MeetingPerson): CalendarPerson => ({ name: displayName(person), email: person.email });

/**
 * A meeting as one VEVENT: its stable UID and SEQUENCE, UTC times, the advisor as organizer, the
 * attendees, and the link to it in the app. The download, the invitations and the feed all use it.
 */
export function calendarEntryOf(
  meeting: Omit<AdvisorMeeting, 'permissions' | 'lockedReason'>,
  appUrl: string,
): CalendarEntry {
  return {
    uid: meeting.icalUid,
    sequence: meeting.sequence,
    cancelled: meeting.status === 'cancelled',
    start: new Date(meeting.start),
    end: new Date(meeting.end),
    summary: meeting.topic,
    description: [`With ${meeting.organizationName}`, meeting.agenda].filter(Boolean).join('\n\n'),
    organizer: calendarPerson(meeting.advisor),
    attendees: meeting.attendees.map(calendarPerson),
    url: `${appUrl}${recordPaths.session(meeting.id)}`,
    stamp: new Date(meeting.updatedAt),
  };
}
