import { schedulingEndpoints as endpoints } from '@smart/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { requireUser } from '../../plugins/auth.js';
import { loadTwoFactorKey } from '../two-factor/keys.js';
import { calendarFeedBox, calendarFeedOf, createCalendarFeed, readCalendarFeed, userOfFeedToken } from './feed.js';
import { CALENDAR_CONTENT_TYPE } from './ics.js';

/**
 * The personal calendar feed (issue 24): its URL for the signed-in person (any role: the feed lists
 * the sessions it advises, booked or attends), a new one that revokes the old, and the feed itself,
 * public: the token in its path is the key. The request log never holds it (lib/log.ts).
 */
export async function calendarFeedRoutes(app: FastifyInstance) {
  // The installation's key was made (or read) by the two-factor routes registered before these.
  const box = calendarFeedBox((await loadTwoFactorKey(app.config)).key);
  const { appUrl } = app.config;

  addRoute(app, endpoints.getCalendarFeed, async (request) =>
    ok(await readCalendarFeed(app.db, box, appUrl, requireUser(request).id)),
  );

  addRoute(app, endpoints.createCalendarFeed, async (request, reply) =>
    reply.status(201).send(ok(await createCalendarFeed(app.db, box, appUrl, requireUser(request).id))),
  );

  addRoute(app, endpoints.calendarFeed, async (request, reply) => {
    const owner = await userOfFeedToken(app.db, request.params.file);
    if (!owner) throw notFound();
    const calendar = await calendarFeedOf(app.db, appUrl, owner, new Date(app.clock()));
    // A file, not the JSON envelope (the endpoint documents its errors). Each poll reads the sessions
    // as they are now; no cache keeps a person's schedule.
    return (reply as FastifyReply)
      .header('Content-Type', CALENDAR_CONTENT_TYPE)
      .header('Cache-Control', 'no-store')
      .send(calendar);
  });
}
