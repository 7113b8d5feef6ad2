import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok') });

/** Whether this process takes requests, and why not: what a balancer's health check reads. */
export const readinessResponse = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['ok', 'down']),
  /** `off` when no REDIS_URL is set. */
  redis: z.enum(['ok', 'down', 'off']),
  /** Stopping (SIGTERM): finishing what it has, taking nothing new. */
  draining: z.boolean(),
});
