import { LOGIN_FAILURE_WINDOW_MS } from '@smart/contracts';
import type { Redis } from 'ioredis';

/**
 * Counts password attempts per key (an e-mail, or a user for password changes) in a fixed window
 * that starts at the first attempt. An attempt is counted before the password is checked, so
 * parallel guesses cannot slip past the limit; a success resets the count. Reset-link requests
 * are counted the same way, in a window of their own.
 */
export interface LoginThrottle {
  /** Records one attempt and returns the number of attempts in the current window, this one included. */
  attempt(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** One process only; used when no Redis is configured. Expired entries are swept as it grows. */
export function memoryLoginThrottle(
  now: () => number = Date.now,
  windowMs: number = LOGIN_FAILURE_WINDOW_MS,
): LoginThrottle {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const sweep = () => {
    const time = now();
    for (const [key, entry] of counts) if (entry.resetAt <= time) counts.delete(key);
  };
  return {
    async attempt(key) {
      if (counts.size >= 10_000) sweep();
      const entry = counts.get(key);
      if (entry && entry.resetAt > now()) {
        entry.count += 1;
        return entry.count;
      }
      counts.set(key, { count: 1, resetAt: now() + windowMs });
      return 1;
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}

/** Shared by every server process through Redis. */
export function redisLoginThrottle(
  redis: Redis,
  prefix: string,
  windowMs: number = LOGIN_FAILURE_WINDOW_MS,
): LoginThrottle {
  return {
    async attempt(key) {
      const redisKey = `${prefix}${key}`;
      // NX: the expiry is set by the first attempt only, so the window does not slide.
      const results = await redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').exec();
      const [incrError, count] = results?.[0] ?? [new Error('Redis returned no result'), 0];
      if (incrError) throw incrError;
      return Number(count);
    },
    async reset(key) {
      await redis.del(`${prefix}${key}`);
    },
  };
}
