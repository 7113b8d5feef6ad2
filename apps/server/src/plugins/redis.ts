import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared state across server processes; null when REDIS_URL is unset (single process). */
    redis: Redis | null;
  }
}

export const redisPlugin = fp(async (app: FastifyInstance, options: { url: string | undefined }) => {
  if (!options.url) {
    app.decorate('redis', null);
    return;
  }
  // Loaded only when configured: a single process without Redis starts without it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.url, { maxRetriesPerRequest: 3, lazyConnect: true });
  await redis.connect();
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit();
  });
});
