import { SESSION_EVENTS, type SessionChange } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoom } from '../../plugins/realtime.js';

/** A committed change of a session, and the people whose pages show it. */
export interface SessionAnnouncement {
  sessionId: string;
  organizationId: string;
  change: SessionChange;
  /** The advisor, the booker, the attendees (and those the change removed). */
  people: string[];
}

/**
 * session_changed to the user rooms of a session's people, on every server process, after the
 * change committed; `except` names the connection that made it (originConnection), which has the
 * answer already. The event carries ids only: each page refetches what it may read.
 */
export function announceSession(app: FastifyInstance, announcement: SessionAnnouncement, except: string[] = []) {
  // An empty room list would be a broadcast to everyone.
  if (announcement.people.length === 0) return;
  const { sessionId, organizationId, change } = announcement;
  app.io
    .to(announcement.people.map(userRoom))
    .except(except)
    .emit(SESSION_EVENTS.changed, { sessionId, organizationId, change });
}

/** Sessions cancelled together (an assignment ended, an organization closed): each one's people hear of it. */
export function announceCancelledSessions(
  app: FastifyInstance,
  cancelled: readonly { sessionId: string; organizationId: string; people: string[] }[],
  except: string[] = [],
) {
  for (const session of cancelled) announceSession(app, { ...session, change: 'cancelled' }, except);
}
