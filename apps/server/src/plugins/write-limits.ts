import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { UI_TEXT, WRITE_LIMIT_WINDOW_MS, WRITE_LIMITS_PER_MINUTE, type WriteLimitGroup } from '@smart/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../lib/errors.js';
import { type LoginThrottle, namedThrottle } from '../lib/login-throttle.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The per-user limit a route counts against (WRITE_LIMITS_PER_MINUTE): a write's, else uploads
     * or writes; a read counts only where it names one (the exports).
     */
    writeLimit?: WriteLimitGroup;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const GROUPS = Object.keys(WRITE_LIMITS_PER_MINUTE) as WriteLimitGroup[];

const isWrite = (method: RouteOptions['method']) =>
  (Array.isArray(method) ? method : [method]).some((one) => WRITE_METHODS.has(one.toUpperCase()));
const takesUploads = (route: RouteOptions) =>
  (route.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data') ?? false;

/** Who is counted: the signed-in user (deny by default has run), else the client address. */
const callerOf = (request: FastifyRequest) =>
  request.session ? `user:${request.session.user.id}` : `address:${request.ip}`;

/**
 * @fastify/rate-limit's store over fixed-window counters (lib/login-throttle.ts): in Redis with this
 * process's standing in while Redis is away, else this process's. Every limiter's keys name its
 * group, so a child is the same store.
 */
function counterStore(counter: LoginThrottle): FastifyRateLimitStoreCtor {
  return class CounterStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      counter.attempt(key).then(
        ({ count, retryAfterSeconds }) => callback(null, { current: count, ttl: retryAfterSeconds * 1000 }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}

/**
 * Per-user limits of the API's writes (contracts' WRITE_LIMITS_PER_MINUTE, changed by the
 * RATE_LIMIT_<GROUP> settings): every POST, PUT, PATCH and DELETE under /api that needs a session
 * counts against its group's counter (its `writeLimit`, else `uploads` for a multipart route, else
 * `writes`), and so does a read that names a group (the exports: each reads a whole list and writes
 * an audit line, decision 0199), in Redis when configured so every process counts together (while
 * Redis is away, each process counts its own: decision 0266), else in this process. Counted onRequest, right after the session check
 * and before the body is read or validated, so refused and malformed writes count too. Over the
 * limit: 429 with Retry-After and the error envelope. Public routes (sign-in, password reset) have
 * limits of their own. Registered inside the API scope, before its routes.
 */
export const writeLimitsPlugin = fp(async (scope: FastifyInstance) => {
  const { redis, config } = scope;
  const counter = namedThrottle(redis, config.redisPrefix, 'write-limit', WRITE_LIMIT_WINDOW_MS);
  await scope.register(rateLimit, {
    global: false,
    store: counterStore(counter),
    // A store failing otherwise lets writes through rather than refusing every one.
    skipOnError: true,
    errorResponseBuilder: (_request, { ttl }) =>
      rateLimited(UI_TEXT.tooManyRequests, Math.max(1, Math.ceil(ttl / 1000))),
  });
  const limiters = Object.fromEntries(
    GROUPS.map((group) => [
      group,
      scope.rateLimit({
        max: config.writeLimits[group],
        timeWindow: WRITE_LIMIT_WINDOW_MS,
        keyGenerator: (request) => `${group}:${callerOf(request)}`,
      }),
    ]),
  ) as Record<WriteLimitGroup, onRequestAsyncHookHandler>;

  scope.addHook('onRoute', (route) => {
    if (route.config?.public) return;
    const named = route.config?.writeLimit;
    if (!named && !isWrite(route.method)) return;
    const group = named ?? (takesUploads(route) ? 'uploads' : 'writes');
    const existing = route.onRequest ?? [];
    route.onRequest = [
      ...(Array.isArray(existing) ? existing : [existing]),
      limiters[group],
    ] as RouteOptions['onRequest'];
  });
});
