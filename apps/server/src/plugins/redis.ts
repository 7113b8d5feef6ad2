import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Gauge } from 'prom-client';
import { noteRedisAnswered, redisAnswers } from '../lib/redis-stand-in.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared state across server processes; null when REDIS_URL is unset (single process). */
    redis: Redis | null;
  }
}

/**
 * Longest a Redis command may take (its answers take well under a millisecond): a Redis that hangs
 * with its connection open fails a call, which then goes on without it (lib/redis-stand-in.ts).
 */
const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * The connection to Redis (decision 0266). While it is down a command fails at once rather than
 * waiting in ioredis's offline queue, and a command cut off is not sent again later (a count made
 * twice); ioredis reconnects by itself, every 2 s at most. One log line when Redis goes away and
 * one when it is back (never its URL, which may hold a password), and the gauge `smart_redis_up`.
 */
export const redisPlugin = fp(async (app: FastifyInstance, options: { url: string | undefined }) => {
  if (!options.url) {
    app.decorate('redis', null);
    return;
  }
  // Loaded only when configured: a single process without Redis starts without it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  await redis.connect();
  let away = false;
  let closing = false;
  const goneAway = (error?: Error) => {
    if (away || closing) return;
    away = true;
    app.log.warn(
      { err: error },
      'Redis is away: limits count in this process, live events reach only its own sockets, readiness says 503',
    );
  };
  redis.on('close', () => goneAway());
  redis.on('error', goneAway);
  redis.on('ready', () => {
    noteRedisAnswered(redis);
    if (!away) return;
    away = false;
    app.log.warn('Redis is back: limits and live events go through it again');
  });
  new Gauge({
    name: 'smart_redis_up',
    help: "1 while this process's connection to Redis is ready and answering, else 0",
    registers: [app.metrics.registry],
    collect() {
      this.set(redisAnswers(redis) ? 1 : 0);
    },
  });
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    closing = true;
    // Quit waits for what was sent; with Redis away there is nothing to wait for.
    await redis.quit().catch(() => redis.disconnect());
  });
});
