import { LOGIN_FAILURE_WINDOW_MS } from '@smart/contracts';
import type { Redis } from 'ioredis';
import { rateLimited } from './errors.js';
import { withStandIn } from './redis-stand-in.js';

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
  /** The key's attempts in its current window, without recording one (0 when it has none). */
  peek(key: string): Promise<Attempt>;
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
    async peek(key) {
      const time = now();
      const entry = counts.get(key);
      if (!entry || entry.resetAt <= time) return { count: 0, retryAfterSeconds: secondsUntil(windowMs) };
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

/**
 * Shared by every server process through Redis; while Redis is away, this process's own counts
 * stand in (a limit of N then lets N through per process, and sign-in goes on: decision 0266).
 */
export function redisLoginThrottle(
  redis: Redis,
  prefix: string,
  windowMs: number = LOGIN_FAILURE_WINDOW_MS,
): LoginThrottle {
  const shared: LoginThrottle = {
    async attempt(key) {
      const redisKey = `${prefix}${key}`;
      // NX: the expiry is set by the first attempt only, so the window does not slide.
      const results = await redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').pttl(redisKey).exec();
      const [incrError, count] = results?.[0] ?? [new Error('Redis returned no result'), 0];
      if (incrError) throw incrError;
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count: Number(count), retryAfterSeconds: secondsUntil(ttl > 0 ? ttl : windowMs) };
    },
    async peek(key) {
      const redisKey = `${prefix}${key}`;
      const results = await redis.multi().get(redisKey).pttl(redisKey).exec();
      const [getError, count] = results?.[0] ?? [new Error('Redis returned no result'), null];
      if (getError) throw getError;
      const ttl = Number(results?.[1]?.[1] ?? windowMs);
      return { count: Number(count ?? 0), retryAfterSeconds: secondsUntil(ttl > 0 ? ttl : windowMs) };
    },
    async forgive(key) {
      await redis.eval(FORGIVE_SCRIPT, 1, `${prefix}${key}`);
    },
    async reset(key) {
      await redis.del(`${prefix}${key}`);
    },
  };
  return withStandIn(redis, shared, memoryLoginThrottle(Date.now, windowMs));
}

/**
 * The counters named `name` (their keys' prefix): in Redis when it is configured (shared by every
 * process, with this process's standing in while Redis is away), else in this process.
 */
export const namedThrottle = (
  redis: Redis | null,
  redisPrefix: string,
  name: string,
  windowMs: number = LOGIN_FAILURE_WINDOW_MS,
): LoginThrottle =>
  redis ? redisLoginThrottle(redis, `${redisPrefix}${name}:`, windowMs) : memoryLoginThrottle(Date.now, windowMs);

/** One limit an attempt is counted against (a key of the throttle and the most it may hold in the window). */
export interface AttemptLimit {
  key: string;
  max: number;
  /** The 429's message when this limit refuses. */
  message: string;
  /** A success resets the count (the key is one account's or device's own), or takes back only its own attempt (shared keys). */
  onSuccess: 'reset' | 'forgive';
  /**
   * Counted only while the previous limit's key holds at most this many attempts of the window: a
   * wide limit (the whole platform) then has to be spread over many narrower keys (client addresses)
   * to be reached, and no one of them can spend it.
   */
  takesAtMostFromPrevious?: number;
}

/** What an admitted attempt is settled with once its outcome is known. */
export interface AdmittedAttempt {
  /** It succeeded: each limit resets or takes back its count (AttemptLimit.onSuccess). */
  succeeded(): Promise<void>;
  /** Nothing was done after all (not checked, not sent): every count it took is given back. */
  takeBack(): Promise<void>;
}

/**
 * Counts one attempt against `limits`, from the narrowest to the widest, one after another, and
 * refuses it with 429 (Retry-After) at the first that is spent. An attempt refused by one limit
 * counts toward no other: the narrower ones that counted it take it back and the wider ones never
 * see it, so a flood that a narrow limit already refuses (one address, one e-mail) cannot spend a
 * wider one (the platform's) that everyone else depends on. Counting before the check keeps
 * parallel attempts from slipping past a limit.
 */
export async function admitAttempt(throttle: LoginThrottle, limits: readonly AttemptLimit[]): Promise<AdmittedAttempt> {
  const counted: AttemptLimit[] = [];
  let previousCount = 0;
  for (const limit of limits) {
    const countsHere = limit.takesAtMostFromPrevious === undefined || previousCount <= limit.takesAtMostFromPrevious;
    // Past its share the attempt is not counted here, but a spent limit still refuses it.
    const attempt = countsHere ? await throttle.attempt(limit.key) : await throttle.peek(limit.key);
    if (countsHere ? attempt.count > limit.max : attempt.count >= limit.max) {
      await Promise.all(counted.map((earlier) => throttle.forgive(earlier.key)));
      throw rateLimited(limit.message, attempt.retryAfterSeconds);
    }
    if (countsHere) counted.push(limit);
    previousCount = attempt.count;
  }
  return {
    async succeeded() {
      await Promise.all(
        counted.map((limit) => (limit.onSuccess === 'reset' ? throttle.reset(limit.key) : throttle.forgive(limit.key))),
      );
    },
    async takeBack() {
      await Promise.all(counted.map((limit) => throttle.forgive(limit.key)));
    },
  };
}
