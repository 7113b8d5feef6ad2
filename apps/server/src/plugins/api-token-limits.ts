import { UI_TEXT } from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordApiTokenUse, tokenUseIsDue } from '../lib/api-token-use.js';
import { rateLimited } from '../lib/errors.js';
import { namedThrottle } from '../lib/login-throttle.js';

/** The window API_TOKEN_REQUESTS_PER_MINUTE counts in. */
const TOKEN_WINDOW_MS = 60_000;

/**
 * What happens around every request made with an API token (decision 0280); a sign-in's session
 * goes by untouched. Registered inside the API scope right after the session check:
 * - Per-token limit: API_TOKEN_REQUESTS_PER_MINUTE requests a minute per token, in a fixed window
 *   counted in Redis when configured (every process counts together; while Redis is away each
 *   process counts its own, decision 0266), else in this process. Every answer to a token says
 *   where it stands in the IETF draft's three fields (`RateLimit-Limit`, `RateLimit-Remaining`,
 *   `RateLimit-Reset` in seconds); past the limit, 429 with `Retry-After`. Counted onRequest,
 *   before the body is read, so refused and malformed requests count too. A sign-in's limits
 *   (write limits) apply to a token's requests as well, unchanged.
 * - Last used and new addresses: after the answer has gone, a use that is due (lib/api-token-use.ts)
 *   is written, with the client address as the sign-in limits see it (`request.ip`, TRUST_PROXY's
 *   rules). One write at a time per token and address in this process; a failure is logged.
 */
export const apiTokenLimitsPlugin = fp(async (scope: FastifyInstance) => {
  const { redis, config, db } = scope;
  const counter = namedThrottle(redis, config.redisPrefix, 'api-token-requests', TOKEN_WINDOW_MS);
  const limit = config.apiTokenRequestsPerMinute;

  scope.addHook('onRequest', async (request, reply) => {
    const token = request.session?.apiToken;
    if (!token) return;
    let attempt: Awaited<ReturnType<typeof counter.attempt>>;
    try {
      attempt = await counter.attempt(token.id);
    } catch (error) {
      // A store failing otherwise lets the request through rather than refusing every one (as the write limits do).
      request.log.error({ err: error }, 'API token limit store failed');
      return;
    }
    reply.header('RateLimit-Limit', String(limit));
    reply.header('RateLimit-Remaining', String(Math.max(0, limit - attempt.count)));
    reply.header('RateLimit-Reset', String(attempt.retryAfterSeconds));
    if (attempt.count > limit) throw rateLimited(UI_TEXT.tooManyRequests, attempt.retryAfterSeconds);
  });

  /** Uses being written now, by token and address: a burst of requests writes once. */
  const writing = new Map<string, Promise<void>>();
  scope.addHook('onResponse', async (request) => {
    const token = request.session?.apiToken;
    if (!token || !tokenUseIsDue(token, request.ip)) return;
    const key = `${token.id} ${request.ip}`;
    if (writing.has(key)) return;
    const write = recordApiTokenUse(db, token.id, request.ip)
      .then(
        () => undefined,
        (error: unknown) => {
          // Not lost: last_used_address stays as it was, so the next request from this address tries again.
          request.log.error({ err: error, apiTokenId: token.id }, 'the use of an API token was not recorded');
        },
      )
      .finally(() => writing.delete(key));
    writing.set(key, write);
  });
  // Before the database closes (main.ts closes it in an onClose hook, which runs before ours).
  scope.addHook('preClose', async () => {
    await Promise.all(writing.values());
  });
});
