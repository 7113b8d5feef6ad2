import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@smart/contracts';
import type { Redis } from 'ioredis';

/** Counts failed sign-ins per e-mail in a fixed window. */
export interface LoginThrottle {
  isBlocked(email: string): Promise<boolean>;
  recordFailure(email: string): Promise<void>;
  reset(email: string): Promise<void>;
}

/** One process only; used when no Redis is configured. */
export function memoryLoginThrottle(now: () => number = Date.now): LoginThrottle {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const current = (email: string) => {
    const entry = failures.get(email);
    if (entry && entry.resetAt <= now()) {
      failures.delete(email);
      return undefined;
    }
    return entry;
  };
  return {
    async isBlocked(email) {
      return (current(email)?.count ?? 0) >= LOGIN_MAX_FAILURES;
    },
    async recordFailure(email) {
      const entry = current(email);
      if (entry) entry.count += 1;
      else failures.set(email, { count: 1, resetAt: now() + LOGIN_FAILURE_WINDOW_MS });
    },
    async reset(email) {
      failures.delete(email);
    },
  };
}

/** Shared by every server process through Redis. */
export function redisLoginThrottle(redis: Redis, prefix: string): LoginThrottle {
  const key = (email: string) => `${prefix}${email}`;
  return {
    async isBlocked(email) {
      const count = Number((await redis.get(key(email))) ?? 0);
      return count >= LOGIN_MAX_FAILURES;
    },
    async recordFailure(email) {
      // The window starts at the first failure: NX sets the expiry only once.
      await redis.multi().incr(key(email)).pexpire(key(email), LOGIN_FAILURE_WINDOW_MS, 'NX').exec();
    },
    async reset(email) {
      await redis.del(key(email));
    },
  };
}
