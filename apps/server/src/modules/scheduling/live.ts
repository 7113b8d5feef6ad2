import { MEETING_EVENTS, type MeetingChange } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoom } from '../../plugins/realtime.js';

/** A committed change of a meeting, and the people whose pages show it. */
export interface MeetingAnnouncement {
  meetingId: string;
  organizationId: string;
  change: MeetingChange;
  /** The advisor, the booker, the attendees (and those the change removed). */
  people: string[];
}

/**
 * session_changed to the user rooms of a meeting's people, on every server process, after the
 * change committed; `except` names the connection that made it (originConnection), which has the
 * answer already. The event carries ids only: each page refetches what it may read.
 */
export function announceMeeting(app: FastifyInstance, announcement: MeetingAnnouncement, except: string[] = []) {
  // An empty room list would be a broadcast to everyone.
  if (announcement.people.length === 0) return;
  const { meetingId, organizationId, change } = announcement;
  app.io
    .to(announcement.people.map(userRoom))
    .except(except)
    .emit(MEETING_EVENTS.changed, { sessionId: meetingId, organizationId, change });
}

/** Meetings cancelled together (an assignment ended, an organization closed): each one's people hear of it. */
export function announceCancelledMeetings(
  app: FastifyInstance,
  cancelled: readonly { meetingId: string; organizationId: string; people: string[] }[],
  except: string[] = [],
) {
  for (const meeting of cancelled) announceMeeting(app, { ...meeting, change: 'cancelled' }, except);
}
