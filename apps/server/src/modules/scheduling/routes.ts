import { schedulingEndpoints as endpoints, MAX_AVAILABILITY_BODY_BYTES } from '@smart/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { originConnection } from '../../plugins/realtime.js';
import { CALENDAR_CONTENT_TYPE, calendarFileName, renderCalendar } from './ics.js';
import { announceSession } from './live.js';
import {
  calendarEntryOf,
  presentAvailability,
  presentSession,
  presentSessionFields,
  presentSlots,
} from './presenter.js';
import { getAvailability, listSlots, updateAvailability } from './service.js';
import {
  bookSession,
  cancelSession,
  listSessions,
  readSession,
  type SessionChangeResult,
  updateSession,
} from './sessions.js';

/** Scheduling with an advisor (issue 24): its availability, its free slots and the sessions booked with it. */
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
    const { advisor, availability, length, starts } = await listSlots(
      app.db,
      actor,
      request.params.advisorId,
      query,
      now(),
    );
    return ok(presentSlots(advisor.id, availability, length, starts));
  });

  /** Tells the session's people of a committed change (not the page that made it), and answers with the session. */
  const answer = (request: FastifyRequest, result: SessionChangeResult) => {
    const { session } = result.record;
    announceSession(
      app,
      { sessionId: session.id, organizationId: session.organizationId, change: result.change, people: result.people },
      originConnection(request),
    );
    return ok(presentSession(result.record, requireUser(request), now()));
  };

  addRoute(
    app,
    endpoints.createSession,
    async (request, reply) => {
      const result = await bookSession(app.db, requireUser(request), request.body, now());
      return reply.status(201).send(answer(request, result));
    },
    { config: { writeLimit: 'sessions' } },
  );

  addRoute(app, endpoints.listSessions, async (request) => {
    const actor = requireUser(request);
    const at = now();
    return okPage(await listSessions(app.db, actor, request.query), (record) => presentSession(record, actor, at));
  });

  addRoute(app, endpoints.getSession, async (request) => {
    const actor = requireUser(request);
    return ok(presentSession(await readSession(app.db, actor, request.params.id), actor, now()));
  });

  addRoute(
    app,
    endpoints.updateSession,
    async (request) =>
      answer(request, await updateSession(app.db, requireUser(request), request.params.id, request.body, now())),
    { config: { writeLimit: 'sessions' } },
  );

  addRoute(
    app,
    endpoints.cancelSession,
    async (request) =>
      answer(request, await cancelSession(app.db, requireUser(request), request.params.id, request.body, now())),
    { config: { writeLimit: 'sessions' } },
  );

  addRoute(app, endpoints.sessionCalendar, async (request, reply) => {
    const record = await readSession(app.db, requireUser(request), request.params.id);
    const calendar = renderCalendar('PUBLISH', [calendarEntryOf(presentSessionFields(record), app.config.appUrl)]);
    // A file, not the JSON envelope: the endpoint documents only its errors.
    return (reply as FastifyReply)
      .header('Content-Type', CALENDAR_CONTENT_TYPE)
      .header('Content-Disposition', `attachment; filename="${calendarFileName(record.session.topic)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(calendar);
  });
}
