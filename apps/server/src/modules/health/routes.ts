import { healthEndpoints as endpoints } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { noteRedisAnswered, noteRedisFailure } from '../../lib/redis-stand-in.js';
import { addRoute } from '../../lib/route.js';

/** How long readiness waits for the database or Redis before it calls them down. */
const READINESS_CHECK_MS = 2000;

/** Whether `check` answers within READINESS_CHECK_MS. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_CHECK_MS);
  });
  try {
    return await Promise.race([check().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.get, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });

  addRoute(app, endpoints.live, async () => ({ status: 'ok' as const }));

  addRoute(app, endpoints.ready, async (_request, reply) => {
    const { redis: redisClient } = app;
    const [database, redis] = await Promise.all([
      answers(() => app.db.execute(sql`select 1`)),
      redisClient ? answers(() => redisClient.ping()) : Promise.resolve(null),
    ]);
    // What the probe saw, the shared stores go by: a Redis that hangs with its connection open is
    // skipped from now on (not by each call after its own wait), one that answers again is used at once.
    if (redisClient) (redis ? noteRedisAnswered : noteRedisFailure)(redisClient);
    const { draining } = app.lifecycle;
    const ready = database && redis !== false && !draining;
    return reply.code(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'not-ready',
      database: database ? 'ok' : 'down',
      redis: redis === null ? 'off' : redis ? 'ok' : 'down',
      draining,
    });
  });
}
