import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { withStandIn } from './redis-stand-in.js';

/**
 * How many long-running things (exports) one key (a user) may have going at once: one more is
 * refused, never queued. In this process without Redis; with Redis, shared by every process, each
 * running thing holding a lease it renews while it runs, so one whose process died frees its
 * place when the lease ends.
 */
export interface RunningLimit {
  /** A place among the key's `max`, to release when done; null when all are taken. */
  take(key: string, max: number): Promise<RunningPlace | null>;
}

export interface RunningPlace {
  /** Frees the place (idempotent). */
  release(): void;
}

export function memoryRunningLimit(): RunningLimit {
  const running = new Map<string, number>();
  return {
    async take(key, max) {
      const count = running.get(key) ?? 0;
      if (count >= max) return null;
      running.set(key, count + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const left = (running.get(key) ?? 1) - 1;
          if (left > 0) running.set(key, left);
          else running.delete(key);
        },
      };
    },
  };
}

/** A lease lasts this long unless renewed; it is renewed at a third of it. */
export const RUNNING_LEASE_MS = 60_000;

/**
 * One atomic step: drop the key's lapsed leases, and add this one if fewer than `max` remain.
 * KEYS[1] the key's sorted set (member: a place, score: when its lease ends on the Redis clock).
 */
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

/** Renews a place's lease while it is still held. */
const RENEW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
end
return 1`;

type WithScripts = Redis & {
  takeRunningPlace(key: string, max: number, place: string, leaseMs: number): Promise<number>;
  renewRunningPlace(key: string, place: string, leaseMs: number): Promise<number>;
};

/** Places shared by every process; while Redis is away, this process's own stand in (decision 0266). */
export function redisRunningLimit(redis: Redis, prefix: string, leaseMs = RUNNING_LEASE_MS): RunningLimit {
  const client = redis as WithScripts;
  if (typeof client.takeRunningPlace !== 'function') {
    redis.defineCommand('takeRunningPlace', { numberOfKeys: 1, lua: TAKE_SCRIPT });
    redis.defineCommand('renewRunningPlace', { numberOfKeys: 1, lua: RENEW_SCRIPT });
  }
  const shared: RunningLimit = {
    async take(key, max) {
      const setKey = `${prefix}${key}`;
      const place = randomUUID();
      if ((await client.takeRunningPlace(setKey, max, place, leaseMs)) !== 1) return null;
      // A failed renewal leaves the lease to end by itself: the place is freed a little early.
      const renewal = setInterval(() => client.renewRunningPlace(setKey, place, leaseMs).catch(() => {}), leaseMs / 3);
      renewal.unref();
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          clearInterval(renewal);
          client.zrem(setKey, place).catch(() => {});
        },
      };
    },
  };
  return withStandIn(redis, shared, memoryRunningLimit());
}
