import { CALENDAR_FEED_BUDGETS, schedulingEndpoints as endpoints, UI_TEXT } from '@smart/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { notFound, rateLimited } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { memoryTokenBuckets, redisTokenBuckets } from '../../lib/token-bucket.js';
import { requireUser } from '../../plugins/auth.js';
import { loadTwoFactorKey } from '../two-factor/index.js';
import {
  calendarFeedBox,
  calendarFeedOf,
  createCalendarFeed,
  feedKeyOf,
  readCalendarFeed,
  userOfFeedToken,
} from './feed.js';
import { CALENDAR_CONTENT_TYPE } from './ics.js';

/**
 * The personal calendar feed: its URL for the signed-in person (any role: the feed lists
 * the meetings it advises, booked or attends), a new one that revokes the old, and the feed itself,
 * public: the token in its path is the key. The request log never holds it (lib/log.ts). The feed
 * has budgets per feed and per client address (CALENDAR_FEED_BUDGETS, token buckets as the socket
 * events' are; 429 with Retry-After), taken before any database work.
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

  // Redis when configured, so every process counts together; else this process's own.
  const buckets = app.redis
    ? redisTokenBuckets(app.redis, `${app.config.redisPrefix}calendar-feed:`)
    : memoryTokenBuckets();
  /** Takes one poll from the address's and the feed's budgets: 429 with Retry-After when either has none left. */
  const withinFeedBudgets = async (request: FastifyRequest) => {
    const { file } = request.params as { file: string };
    for (const [key, budget] of [
      [`address:${request.ip}`, CALENDAR_FEED_BUDGETS.address],
      [`feed:${feedKeyOf(file)}`, CALENDAR_FEED_BUDGETS.feed],
    ] as const) {
      if (!(await buckets.take(key, budget))) {
        throw rateLimited(UI_TEXT.tooManyRequests, Math.ceil(60 / budget.perMinute));
      }
    }
  };

  addRoute(
    app,
    endpoints.calendarFeed,
    async (request, reply) => {
      const owner = await userOfFeedToken(app.db, request.params.file);
      if (!owner) throw notFound();
      const calendar = await calendarFeedOf(app.db, appUrl, owner, new Date(app.clock()));
      // A file, not the JSON envelope (the endpoint documents its errors). Each poll reads the meetings
      // as they are now; no cache keeps a person's schedule.
      return (reply as FastifyReply)
        .header('Content-Type', CALENDAR_CONTENT_TYPE)
        .header('Cache-Control', 'no-store')
        .send(calendar);
    },
    { onRequest: [withinFeedBudgets] },
  );
}
