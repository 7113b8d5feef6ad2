import type { DomainEventInput, DomainEventPayload } from '@smart/contracts';
import type { AdvisorMeetingRow } from '../../db/schema/index.js';

/*
 * What a meeting's changes publish (docs/decisions/0250-one-domain-event-stream.md): the meeting
 * as its invitation states it after the change; who hears of it is each consumer's own rule
 * (notifications: ./session-notifications.ts).
 */

export type MeetingRef = Pick<
  AdvisorMeetingRow,
  'id' | 'organizationId' | 'advisorId' | 'topic' | 'startAt' | 'endAt' | 'icalSequence'
>;

const meetingRef = (
  meeting: MeetingRef,
  organizationName: string,
  attendeeIds: string[],
): DomainEventPayload<'session.booked'> => ({
  sessionId: meeting.id,
  advisorId: meeting.advisorId,
  topic: meeting.topic,
  organizationName,
  startAt: meeting.startAt.toISOString(),
  endAt: meeting.endAt.toISOString(),
  sequence: meeting.icalSequence,
  attendeeIds,
});

export const meetingBooked = (
  meeting: MeetingRef,
  organizationName: string,
  attendeeIds: string[],
  actorId: string,
): DomainEventInput => ({
  type: 'session.booked',
  organizationId: meeting.organizationId,
  actorId,
  payload: meetingRef(meeting, organizationName, attendeeIds),
});

/** What a change did to the meeting: its time, its other fields, its attendees (before → after). */
export interface MeetingEdit {
  timeChanged: boolean;
  before: string[];
  after: string[];
}

export const meetingChanged = (
  meeting: MeetingRef,
  organizationName: string,
  change: MeetingEdit,
  actorId: string,
): DomainEventInput => ({
  type: change.timeChanged ? 'session.rescheduled' : 'session.updated',
  organizationId: meeting.organizationId,
  actorId,
  payload: { ...meetingRef(meeting, organizationName, change.after), previousAttendeeIds: change.before },
});

/** `withdrawn`: cancelled because its advisor's assignment ended or its organization closed. */
export const meetingCancelled = (
  meeting: MeetingRef,
  organizationName: string,
  attendeeIds: string[],
  actorId: string | null,
  reason: string,
  withdrawn = false,
): DomainEventInput => ({
  type: 'session.cancelled',
  organizationId: meeting.organizationId,
  actorId,
  payload: { ...meetingRef(meeting, organizationName, attendeeIds), reason, withdrawn },
});
