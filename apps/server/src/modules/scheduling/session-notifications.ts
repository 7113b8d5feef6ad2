import type { NotificationData, NotificationType } from '@smart/contracts';
import type { AdvisorSessionRow } from '../../db/schema/index.js';
import { eventOn, type NotificationEventInput } from '../../lib/outbox.js';
import { notificationExcerpt } from '../notifications/index.js';

/*
 * A session's notifications (issue 24): who hears of a booking, a reschedule, a change and a
 * cancellation, each with the invitation as it stood then (`data.session`), from which the engine
 * renders the .ics. Built here, recorded by the service in the change's transaction.
 */

export type SessionRef = Pick<
  AdvisorSessionRow,
  'id' | 'organizationId' | 'advisorId' | 'topic' | 'startAt' | 'endAt' | 'icalSequence'
>;

type Invitation = NonNullable<NotificationData['session']>;

interface SessionEventOptions {
  /** Who is told. */
  to: string[];
  method: Invitation['method'];
  /** The people the invitation lists (a removed attendee's CANCEL lists only them). */
  attendeeIds: string[];
  excerpt?: string;
  /** Told whatever they may read now (a session cancelled because its advisor or organization is gone). */
  withoutAccessCheck?: boolean;
}

function sessionEvent(
  type: NotificationType,
  session: SessionRef,
  organizationName: string,
  actorId: string | null,
  options: SessionEventOptions,
): NotificationEventInput {
  const invitation: Invitation = {
    start: session.startAt.toISOString(),
    end: session.endAt.toISOString(),
    sequence: session.icalSequence,
    method: options.method,
    attendeeIds: options.attendeeIds,
  };
  const subject = {
    organizationId: session.organizationId,
    record: { type: 'session', id: session.id },
    data: { title: session.topic, organizationName },
  } as const;
  const to = [...new Set(options.to)];
  return {
    ...eventOn(subject, type, actorId, {
      session: invitation,
      ...(options.excerpt && { excerpt: notificationExcerpt(options.excerpt) }),
    }),
    audience: options.withoutAccessCheck ? { withoutAccessCheck: to } : { users: to },
  };
}

/** A booking: the advisor and every attendee are invited (REQUEST). */
export const sessionBooked = (session: SessionRef, organizationName: string, attendeeIds: string[], actorId: string) =>
  sessionEvent('session_booked', session, organizationName, actorId, {
    to: [session.advisorId, ...attendeeIds],
    method: 'REQUEST',
    attendeeIds,
  });

/**
 * A cancellation: the advisor and every attendee get the CANCEL with the reason. When its advisor's
 * assignment ends or its organization closes (`withoutAccessCheck`) they are told all the same.
 */
export const sessionCancelled = (
  session: SessionRef,
  organizationName: string,
  attendeeIds: string[],
  actorId: string | null,
  reason: string,
  withoutAccessCheck = false,
) =>
  sessionEvent('session_cancelled', session, organizationName, actorId, {
    to: [session.advisorId, ...attendeeIds],
    method: 'CANCEL',
    attendeeIds,
    excerpt: reason,
    withoutAccessCheck,
  });

/** What a change did to the session: its time, its other fields, its attendees (before → after). */
export interface SessionChange {
  timeChanged: boolean;
  before: string[];
  after: string[];
}

/**
 * The events of a change: those who stay get 'session_rescheduled' (a new time) or
 * 'session_updated'; added attendees are invited ('session_booked'); removed ones get a CANCEL
 * listing only them ('session_cancelled'). Every REQUEST lists all the attendees.
 */
export function sessionChangeEvents(
  session: SessionRef,
  organizationName: string,
  change: SessionChange,
  actorId: string,
): NotificationEventInput[] {
  const added = change.after.filter((id) => !change.before.includes(id));
  const removed = change.before.filter((id) => !change.after.includes(id));
  const kept = change.after.filter((id) => change.before.includes(id));
  const events = [
    sessionEvent(change.timeChanged ? 'session_rescheduled' : 'session_updated', session, organizationName, actorId, {
      to: [session.advisorId, ...kept],
      method: 'REQUEST',
      attendeeIds: change.after,
    }),
  ];
  if (added.length > 0) {
    events.push(
      sessionEvent('session_booked', session, organizationName, actorId, {
        to: added,
        method: 'REQUEST',
        attendeeIds: change.after,
      }),
    );
  }
  if (removed.length > 0) {
    events.push(
      // Taken off, they may no longer read the session, and their calendars must still drop it.
      sessionEvent('session_cancelled', session, organizationName, actorId, {
        to: removed,
        method: 'CANCEL',
        attendeeIds: removed,
        withoutAccessCheck: true,
      }),
    );
  }
  return events;
}
