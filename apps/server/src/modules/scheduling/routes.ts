import { schedulingEndpoints as endpoints, MAX_AVAILABILITY_BODY_BYTES } from '@smart/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { originConnection } from '../../plugins/realtime.js';
import { CALENDAR_CONTENT_TYPE, calendarFileName, renderCalendar } from './ics.js';
import { announceMeeting } from './live.js';
import {
  bookMeeting,
  cancelMeeting,
  listMeetings,
  type MeetingChangeResult,
  readMeeting,
  updateMeeting,
} from './meetings.js';
import {
  calendarEntryOf,
  presentAvailability,
  presentMeeting,
  presentMeetingFields,
  presentSlots,
} from './presenter.js';
import { getAvailability, listSlots, updateAvailability } from './service.js';

/** Scheduling with an advisor: its availability, its free slots and the meetings booked with it. */
export async function schedulingRoutes(app: FastifyInstance) {
  const now = () => new Date(app.clock());

  addRoute(app, endpoints.getAvailability, async (request) => {
    const actor = requireUser(request);
    return ok(presentAvailability(await getAvailability(app.db, actor, request.params.advisorId), actor));
  });

  addRoute(
    app,
    endpoints.updateAvailability,
    async (request) => {
      const actor = requireUser(request);
      const record = await updateAvailability(app.db, actor, request.params.advisorId, request.body);
      return ok(presentAvailability(record, actor));
    },
    { bodyLimit: MAX_AVAILABILITY_BODY_BYTES },
  );

  addRoute(app, endpoints.slots, async (request) => {
    const actor = requireUser(request);
    const { query } = request;
    const { advisor, availability, length, starts, away } = await listSlots(
      app.db,
      actor,
      request.params.advisorId,
      query,
      now(),
    );
    return ok(presentSlots(advisor.id, availability, length, starts, away));
  });

  /** Tells the meeting's people of a committed change (not the page that made it), and answers with the meeting. */
  const answer = (request: FastifyRequest, result: MeetingChangeResult) => {
    const { meeting } = result.record;
    announceMeeting(
      app,
      { meetingId: meeting.id, organizationId: meeting.organizationId, change: result.change, people: result.people },
      originConnection(request),
    );
    return ok(presentMeeting(result.record, requireUser(request), now()));
  };

  addRoute(
    app,
    endpoints.createMeeting,
    async (request, reply) => {
      const result = await bookMeeting(app.db, requireUser(request), request.body, now());
      return reply.status(201).send(answer(request, result));
    },
    { config: { writeLimit: 'sessions' } },
  );

  addRoute(app, endpoints.listMeetings, async (request) => {
    const actor = requireUser(request);
    const at = now();
    return okPage(await listMeetings(app.db, actor, request.query), (record) => presentMeeting(record, actor, at));
  });

  addRoute(app, endpoints.getMeeting, async (request) => {
    const actor = requireUser(request);
    return ok(presentMeeting(await readMeeting(app.db, actor, request.params.id), actor, now()));
  });

  addRoute(
    app,
    endpoints.updateMeeting,
    async (request) =>
      answer(request, await updateMeeting(app.db, requireUser(request), request.params.id, request.body, now())),
    { config: { writeLimit: 'sessions' } },
  );

  addRoute(
    app,
    endpoints.cancelMeeting,
    async (request) =>
      answer(request, await cancelMeeting(app.db, requireUser(request), request.params.id, request.body, now())),
    { config: { writeLimit: 'sessions' } },
  );

  addRoute(app, endpoints.meetingCalendar, async (request, reply) => {
    const record = await readMeeting(app.db, requireUser(request), request.params.id);
    const calendar = renderCalendar('PUBLISH', [calendarEntryOf(presentMeetingFields(record), app.config.appUrl)]);
    // A file, not the JSON envelope: the endpoint documents only its errors.
    return (reply as FastifyReply)
      .header('Content-Type', CALENDAR_CONTENT_TYPE)
      .header('Content-Disposition', `attachment; filename="${calendarFileName(record.meeting.topic)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(calendar);
  });
}
