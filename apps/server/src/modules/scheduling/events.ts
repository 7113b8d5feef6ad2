import type { DomainEventInput, DomainEventPayload } from '@smart/contracts';
import type { AdvisorSessionRow } from '../../db/schema/index.js';

/*
 * What a session's changes publish (docs/decisions/0250-one-domain-event-stream.md): the session
 * as its invitation states it after the change; who hears of it is each consumer's own rule
 * (notifications: ./session-notifications.ts).
 */

export type SessionRef = Pick<
  AdvisorSessionRow,
  'id' | 'organizationId' | 'advisorId' | 'topic' | 'startAt' | 'endAt' | 'icalSequence'
>;

const sessionRef = (
  session: SessionRef,
  organizationName: string,
  attendeeIds: string[],
): DomainEventPayload<'session.booked'> => ({
  sessionId: session.id,
  advisorId: session.advisorId,
  topic: session.topic,
  organizationName,
  startAt: session.startAt.toISOString(),
  endAt: session.endAt.toISOString(),
  sequence: session.icalSequence,
  attendeeIds,
});

export const sessionBooked = (
  session: SessionRef,
  organizationName: string,
  attendeeIds: string[],
  actorId: string,
): DomainEventInput => ({
  type: 'session.booked',
  organizationId: session.organizationId,
  actorId,
  payload: sessionRef(session, organizationName, attendeeIds),
});

/** What a change did to the session: its time, its other fields, its attendees (before → after). */
export interface SessionEdit {
  timeChanged: boolean;
  before: string[];
  after: string[];
}

export const sessionChanged = (
  session: SessionRef,
  organizationName: string,
  change: SessionEdit,
  actorId: string,
): DomainEventInput => ({
  type: change.timeChanged ? 'session.rescheduled' : 'session.updated',
  organizationId: session.organizationId,
  actorId,
  payload: { ...sessionRef(session, organizationName, change.after), previousAttendeeIds: change.before },
});

/** `withdrawn`: cancelled because its advisor's assignment ended or its organization closed. */
export const sessionCancelled = (
  session: SessionRef,
  organizationName: string,
  attendeeIds: string[],
  actorId: string | null,
  reason: string,
  withdrawn = false,
): DomainEventInput => ({
  type: 'session.cancelled',
  organizationId: session.organizationId,
  actorId,
  payload: { ...sessionRef(session, organizationName, attendeeIds), reason, withdrawn },
});
