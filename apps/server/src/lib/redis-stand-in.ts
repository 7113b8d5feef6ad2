import type { Redis } from 'ioredis';
import { isServiceUnreachable } from './errors.js';

/** After Redis failed to answer a call (a timeout: it hangs with its connection open), calls skip it for this long. */
const SKIP_AFTER_FAILURE_MS = 5_000;

const failedAt = new WeakMap<Redis, number>();

/** Redis failed to answer (a command timed out, a readiness probe went unanswered): calls skip it for a while. */
export function noteRedisFailure(redis: Redis, now = Date.now()) {
  failedAt.set(redis, now);
}

/** Redis answered again (its connection is ready anew, a readiness probe was answered): calls go to it at once. */
export function noteRedisAnswered(redis: Redis) {
  failedAt.delete(redis);
}

/** Whether calls should go to Redis now: its connection is ready and it has not just failed to answer. */
export function redisAnswers(redis: Redis, now = Date.now()): boolean {
  return redis.status === 'ready' && now - (failedAt.get(redis) ?? Number.NEGATIVE_INFINITY) >= SKIP_AFTER_FAILURE_MS;
}

type Calls<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => R : never };

/**
 * A store kept in Redis, shared by every process (counters, token buckets, running places), with
 * a stand-in in this process (its memory twin) for while Redis is away (decision 0266): each call
 * goes to Redis while it answers, else, or when Redis fails it as unreachable, to the stand-in. A
 * limit then counts per process (N processes let N times as much through) instead of every call
 * failing or waiting; when Redis is back, calls go to it again, to the counts it kept, and the
 * stand-in's lapse by themselves.
 */
export function withStandIn<T extends Calls<T>>(redis: Redis, shared: T, standIn: T): T {
  const store = {} as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of Object.keys(shared)) {
    const sharedCall = shared[name as keyof T] as (...args: unknown[]) => unknown;
    const standInCall = standIn[name as keyof T] as (...args: unknown[]) => unknown;
    store[name] = async (...args) => {
      if (!redisAnswers(redis)) return standInCall(...args);
      try {
        return await sharedCall(...args);
      } catch (error) {
        if (!isServiceUnreachable(error)) throw error;
        noteRedisFailure(redis);
        return standInCall(...args);
      }
    };
  }
  return store as unknown as T;
}
