import { LOGIN_FAILURE_WINDOW_MS } from '@smart/contracts';
import type { Redis } from 'ioredis';

/** One counted attempt: how many the key has in its current window (this one included), and when the window ends. */
export interface Attempt {
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts password attempts per key (an e-mail, a client address, a device, or a user for password
 * changes) in a fixed window that starts at the first attempt. An attempt is counted before the
 * password is checked, so parallel guesses cannot slip past the limit; a success resets the
 * count, or takes back its one attempt where other people's failures share the key. Reset-link
 * requests are counted the same way, in a window of their own.
 */
export interface LoginThrottle {
  /** Records one attempt. */
  attempt(key: string): Promise<Attempt>;
  /** Takes back one attempt (it succeeded), leaving the others in the window. */
  forgive(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

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
      const time = now();
      const current = counts.get(key);
      const entry = current && current.resetAt > time ? current : { count: 0, resetAt: time + windowMs };
      entry.count += 1;
      counts.set(key, entry);
      return { count: entry.count, retryAfterSeconds: secondsUntil(entry.resetAt - time) };
    },
    async forgive(key) {
      const entry = counts.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}

/** Decrements only a counter that still exists and is positive: a window that ended is not revived. */
const FORGIVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

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
      const results = await redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').pttl(redisKey).exec();
      const [incrError, count] = results?.[0] ?? [new Error('Redis returned no result'), 0];
      if (incrError) throw incrError;
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count: Number(count), retryAfterSeconds: secondsUntil(ttl > 0 ? ttl : windowMs) };
    },
    async forgive(key) {
      await redis.eval(FORGIVE_SCRIPT, 1, `${prefix}${key}`);
    },
    async reset(key) {
      await redis.del(`${prefix}${key}`);
    },
  };
}
