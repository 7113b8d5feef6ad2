import type { EventBudget } from '@smart/contracts';
import type { Redis } from 'ioredis';
import { withStandIn } from './redis-stand-in.js';

/**
 * Token buckets (the budgets of socket events, contracts' SOCKET_EVENT_BUDGETS): a key starts
 * with `burst` tokens and gets `perMinute` back a minute, one by one, up to `burst`; each event
 * takes one, and an event finding none is refused. A bucket that has filled up again is the same
 * as no bucket, so it is forgotten.
 */
export interface TokenBuckets {
  /** Takes one token from the key's bucket: false when it has none left. */
  take(key: string, budget: EventBudget): boolean | Promise<boolean>;
}

const perMs = (budget: EventBudget) => budget.perMinute / 60_000;

interface Bucket {
  tokens: number;
  at: number;
  /** When it is full again (then it may be forgotten). */
  fullAt: number;
}

/** Buckets in this process: a socket's own, or its user's when there is no Redis. */
export function memoryTokenBuckets(now: () => number = Date.now, sweepAbove = 50_000): TokenBuckets {
  const buckets = new Map<string, Bucket>();
  const sweep = (time: number) => {
    for (const [key, bucket] of buckets) if (bucket.fullAt <= time) buckets.delete(key);
  };
  return {
    take(key, budget) {
      const time = now();
      if (buckets.size > sweepAbove) sweep(time);
      const bucket = buckets.get(key);
      const refilled = bucket
        ? Math.min(budget.burst, bucket.tokens + (time - bucket.at) * perMs(budget))
        : budget.burst;
      const taken = refilled >= 1;
      const tokens = taken ? refilled - 1 : refilled;
      buckets.set(key, { tokens, at: time, fullAt: time + (budget.burst - tokens) / perMs(budget) });
      return taken;
    },
  };
}

/**
 * One atomic step in Redis: refill by the time passed (the Redis server's clock, the same for every
 * process), take a token if there is one, keep the key only until the bucket is full again.
 */
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local burst = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2]) / 60000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = burst
  at = now
end
tokens = math.min(burst, tokens + math.max(0, now - at) * perMs)
local taken = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / perMs) + 1000)
return taken`;

type WithTakeToken = Redis & { takeToken(key: string, burst: number, perMinute: number): Promise<number> };

/**
 * Buckets shared by every server process (a user's, over all its sockets); while Redis is away,
 * this process's own stand in (decision 0266).
 */
export function redisTokenBuckets(redis: Redis, prefix: string): TokenBuckets {
  const client = redis as WithTakeToken;
  if (typeof client.takeToken !== 'function') redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  const shared: TokenBuckets = {
    async take(key, budget) {
      return (await client.takeToken(`${prefix}${key}`, budget.burst, budget.perMinute)) === 1;
    },
  };
  return withStandIn(redis, shared, memoryTokenBuckets());
}
