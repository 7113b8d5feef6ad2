import type { DomainEvent, DomainEventPayload, NotificationData, NotificationType } from '@smart/contracts';
import { eventOn, type NotificationEventInput } from '../../lib/outbox.js';
import type { NotificationRule, NotificationRules } from '../notifications/index.js';
import { notificationExcerpt } from '../notifications/index.js';

/*
 * A meeting's notifications (README, "Notifications", calendar): who hears of a booking, a
 * reschedule, a change and a cancellation, each with the invitation as it stood then
 * (`data.session`), from which the engine renders the .ics.
 */

type Invitation = NonNullable<NotificationData['session']>;

interface MeetingEventOptions {
  /** Who is told. */
  to: string[];
  method: Invitation['method'];
  /** The people the invitation lists (a removed attendee's CANCEL lists only them). */
  attendeeIds: string[];
  excerpt?: string;
  /** Told whatever they may read now (a meeting cancelled because its advisor or organization is gone). */
  withoutAccessCheck?: boolean;
}

function meetingEvent(
  type: NotificationType,
  event: DomainEvent,
  meeting: DomainEventPayload<'session.booked'>,
  options: MeetingEventOptions,
): NotificationEventInput {
  const invitation: Invitation = {
    start: new Date(meeting.startAt).toISOString(),
    end: new Date(meeting.endAt).toISOString(),
    sequence: meeting.sequence,
    method: options.method,
    attendeeIds: options.attendeeIds,
  };
  const subject = {
    organizationId: event.organizationId,
    record: { type: 'session', id: meeting.sessionId },
    data: { title: meeting.topic, organizationName: meeting.organizationName },
  } as const;
  const to = [...new Set(options.to)];
  return {
    ...eventOn(subject, type, event.actorId, {
      session: invitation,
      ...(options.excerpt && { excerpt: notificationExcerpt(options.excerpt) }),
    }),
    audience: options.withoutAccessCheck ? { withoutAccessCheck: to } : { users: to },
  };
}

/**
 * A change: those who stay get 'session_rescheduled' (a new time) or 'session_updated'; added
 * attendees are invited ('session_booked'); removed ones get a CANCEL listing only them
 * ('session_cancelled'). Every REQUEST lists all the attendees.
 */
const meetingChanged: NotificationRule<'session.rescheduled' | 'session.updated'> = (event) => {
  const meeting = event.payload;
  const before = meeting.previousAttendeeIds;
  const after = meeting.attendeeIds;
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  const kept = after.filter((id) => before.includes(id));
  const type = event.type === 'session.rescheduled' ? 'session_rescheduled' : 'session_updated';
  const events = [
    meetingEvent(type, event, meeting, { to: [meeting.advisorId, ...kept], method: 'REQUEST', attendeeIds: after }),
  ];
  if (added.length > 0) {
    events.push(meetingEvent('session_booked', event, meeting, { to: added, method: 'REQUEST', attendeeIds: after }));
  }
  if (removed.length > 0) {
    events.push(
      // Taken off, they may no longer read the meeting, and their calendars must still drop it.
      meetingEvent('session_cancelled', event, meeting, {
        to: removed,
        method: 'CANCEL',
        attendeeIds: removed,
        withoutAccessCheck: true,
      }),
    );
  }
  return events;
};

export const meetingNotificationRules: NotificationRules<
  'session.booked' | 'session.rescheduled' | 'session.updated' | 'session.cancelled'
> = {
  /** A booking: the advisor and every attendee are invited (REQUEST). */
  'session.booked': (event) => [
    meetingEvent('session_booked', event, event.payload, {
      to: [event.payload.advisorId, ...event.payload.attendeeIds],
      method: 'REQUEST',
      attendeeIds: event.payload.attendeeIds,
    }),
  ],
  'session.rescheduled': meetingChanged,
  'session.updated': meetingChanged,
  /**
   * A cancellation: the advisor and every attendee get the CANCEL with the reason. When its
   * advisor's assignment ends or its organization closes (`withdrawn`) they are told all the same.
   */
  'session.cancelled': (event) => [
    meetingEvent('session_cancelled', event, event.payload, {
      to: [event.payload.advisorId, ...event.payload.attendeeIds],
      method: 'CANCEL',
      attendeeIds: event.payload.attendeeIds,
      excerpt: event.payload.reason,
      withoutAccessCheck: event.payload.withdrawn,
    }),
  ],
};
