import {
  LOGIN_MAX_FAILURES,
  MESSENGER_CLIENT_EVENTS,
  MESSENGER_EVENTS,
  type MessengerAck,
  messageEndpoints,
  type NewMessageEvent,
  type SendMessageAck,
} from '@smart/contracts';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { redisServerBinary, startPrivateRedis } from '../cluster/redis.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { captureLog } from './helpers/log-capture.js';
import { createConversation } from './helpers/messenger.js';
import { liveSockets } from './helpers/sockets.js';

/**
 * Redis killed (SIGKILL) while two server processes share it, then started again on the same port
 * (empty, as after a crash without persistence). Decision 0266: the processes keep serving, the
 * shared limits count in each process meanwhile, fan-out reaches the acting process's own sockets,
 * readiness says Redis is down; once Redis is back, all of it goes through Redis again, no restart.
 */
const binary = await redisServerBinary();
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Generous: a request that waits for Redis instead of going on without it fails the test, not stalls it. */
const ANSWER_WITHIN_MS = 5_000;

/** `answer`, failing the test when it has not settled within ANSWER_WITHIN_MS. */
async function within<T>(what: string, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${ANSWER_WITHIN_MS} ms`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

const emitWithAck = <T>(socket: Socket, event: string, payload: unknown): Promise<T> =>
  within(`the socket event ${event}`, new Promise<T>((resolve) => socket.emit(event, payload, resolve)));

const METRICS_TOKEN = 'redis-away-metrics-token';

/** GET /api/health/ready: its status code and what it names. */
async function readinessOf(t: TestApp) {
  const answer = await within('readiness', t.request({ method: 'GET', url: '/api/health/ready' }));
  return { code: answer.statusCode, ...answer.json() };
}

describe.skipIf(!binary)('Redis going away while the server runs (needs redis-server installed)', () => {
  it('keeps serving with limits in each process and fan-out to its own sockets, then goes back to Redis by itself', async () => {
    const redis = await startPrivateRedis(binary as string);
    cleanups.push(redis.remove);
    const log = captureLog();
    const redisPrefix = `smart-redis-away-${process.pid}:`;
    const settings = { REDIS_URL: redis.url, METRICS_TOKEN };
    const first = await createTestApp({ redisPrefix, settings, writeLimits: { tickets: 3 }, logStream: log.stream });
    cleanups.push(() => first.close());
    const second = await createTestApp({ database: first.database, redisPrefix, settings });
    cleanups.push(() => second.close());
    const firstSockets = liveSockets(() => first);
    const secondSockets = liveSockets(() => second);
    await Promise.all([firstSockets.listen(), secondSockets.listen()]);
    cleanups.push(async () => {
      firstSockets.closeAll();
      secondSockets.closeAll();
    });

    const request = (what: string, ...args: Parameters<TestApp['request']>) => within(what, first.request(...args));
    const readiness = () => readinessOf(first);
    const redisUpMetric = async () => {
      const answer = await request('metrics', {
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return answer.body.match(/^smart_redis_up (\d)$/m)?.[1];
    };
    const raiseTicket = (title: string) =>
      request('a write', {
        as: 'acmeMember',
        method: 'POST',
        url: '/api/tickets',
        payload: { title, description: 'Raised while Redis is away.', priority: 'low' },
      });

    const member = { token: await first.tokenFor('acmeMember') };
    const owner = { token: await first.tokenFor('acmeOwner') };
    const ownerId = (await first.request({ ...owner, method: 'GET', url: '/api/users/profile' })).json().data.id;
    const conversation = await createConversation(first, member, [ownerId]);
    const sender = await firstSockets.connect(member);
    const nearby = await firstSockets.connect(owner);
    const elsewhere = await secondSockets.connect(owner);
    const send = (content: string) =>
      emitWithAck<SendMessageAck>(sender, MESSENGER_CLIENT_EVENTS.sendMessage, {
        conversationId: conversation.id,
        content,
      });
    const heardAcross = (content: string) =>
      within(
        'a message across processes',
        secondSockets.heardOn<NewMessageEvent>(elsewhere, MESSENGER_EVENTS.newMessage, () => send(content), first),
      );
    expect((await heardAcross('Before')).map((event) => event.message.content)).toEqual(['Before']);
    expect(await redisUpMetric()).toBe('1');

    await redis.kill();

    // Readiness turns 503 naming Redis (a balancer prefers processes whose Redis answers); live stays 200.
    await expect.poll(readiness, { timeout: 10_000 }).toMatchObject({ code: 503, redis: 'down', database: 'ok' });
    expect((await request('liveness', { method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await expect.poll(redisUpMetric).toBe('0');

    // Sign-in, with its limit counted in this process meanwhile.
    const signIn = await within('a sign-in', first.tokenFor('acmeColleague'));
    expect(signIn).toEqual(expect.any(String));
    const wrongPassword = () =>
      request('a wrong password', {
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'nina.brooks@globex.example.com', password: 'not-the-password' },
      });
    for (let attempt = 1; attempt <= LOGIN_MAX_FAILURES; attempt += 1)
      expect((await wrongPassword()).statusCode).toBe(401);
    const held = await wrongPassword();
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();

    // A read, an export (its running places and budget are Redis's otherwise), writes up to their limit.
    expect((await request('a read', { as: 'acmeMember', method: 'GET', url: '/api/tickets' })).statusCode).toBe(200);
    expect(
      (await request('Download my data', { as: 'acmeMember', method: 'GET', url: '/api/users/profile/data' }))
        .statusCode,
    ).toBe(200);
    for (const round of [1, 2, 3]) expect((await raiseTicket(`Away ${round}`)).statusCode).toBe(201);
    const overLimit = await raiseTicket('Away 4');
    expect(overLimit.statusCode).toBe(429);
    expect(overLimit.headers['retry-after']).toBeDefined();

    // Socket events answer; a change reaches the sockets of the process that made it.
    expect(
      await emitWithAck<MessengerAck>(sender, MESSENGER_CLIENT_EVENTS.join, { conversationId: conversation.id }),
    ).toMatchObject({ ok: true });
    const [heardNearby] = await within(
      'a message on the same process',
      firstSockets.heardBy<NewMessageEvent>([nearby], MESSENGER_EVENTS.newMessage, async () => {
        expect(await send('While away')).toMatchObject({ ok: true });
      }),
    );
    expect(heardNearby?.map((event) => event.message.content)).toEqual(['While away']);

    await redis.start();

    // Back without a restart: ready, fan-out across processes, limits counted in Redis again.
    await expect.poll(readiness, { timeout: 15_000 }).toMatchObject({ code: 200, redis: 'ok' });
    await expect.poll(redisUpMetric).toBe('1');
    await expect
      .poll(async () => (await heardAcross('After')).map((event) => event.message.content), { timeout: 15_000 })
      .toContain('After');
    const backTheOtherWay = await within(
      'a message across processes the other way',
      firstSockets.heardOn<NewMessageEvent>(
        nearby,
        MESSENGER_EVENTS.newMessage,
        () =>
          second.call(messageEndpoints.send, { ...member, body: { conversationId: conversation.id, content: 'Back' } }),
        second,
      ),
    );
    expect(backTheOtherWay.map((event) => event.message.content)).toEqual(['Back']);
    // This process counted 4 tickets meanwhile; the new Redis has counted none, and counts this one.
    expect((await raiseTicket('Back')).statusCode).toBe(201);
    const direct = new Redis(redis.url, { lazyConnect: true });
    cleanups.push(async () => direct.disconnect());
    await direct.connect();
    const [ticketCount] = await direct.keys(`${redisPrefix}write-limit:tickets:*`);
    expect(ticketCount && (await direct.get(ticketCount))).toBe('1');

    const text = await log.textWith('Redis is back');
    expect(text).toContain('Redis is away');
    expect(text).toContain('Redis is back');
    expect(text).not.toContain(redis.password);
    expect(text).not.toMatch(/"level":50/);
  }, 120_000);

  it('answers within a bound while Redis hangs with its connection open, and goes back to it when it answers again', async () => {
    const redis = await startPrivateRedis(binary as string);
    cleanups.push(redis.remove);
    const redisPrefix = `smart-redis-hangs-${process.pid}:`;
    const t = await createTestApp({ redisPrefix, settings: { REDIS_URL: redis.url } });
    cleanups.push(() => t.close());
    const member = { token: await t.tokenFor('acmeMember') };
    const raiseTicket = (title: string) =>
      within(
        'a write',
        t.request({
          ...member,
          method: 'POST',
          url: '/api/tickets',
          payload: { title, description: 'Raised while Redis hangs.', priority: 'low' },
        }),
      );

    // Stopped, not killed: its connections stay open and nothing answers (ioredis would wait for good).
    redis.pause();
    expect(await readinessOf(t)).toMatchObject({ code: 503, redis: 'down', database: 'ok' });
    expect(await within('a sign-in', t.tokenFor('acmeColleague'))).toEqual(expect.any(String));
    expect((await within('a read', t.request({ ...member, method: 'GET', url: '/api/tickets' }))).statusCode).toBe(200);
    expect((await raiseTicket('While Redis hangs')).statusCode).toBe(201);

    redis.resume();
    await expect.poll(() => readinessOf(t), { timeout: 15_000 }).toMatchObject({ code: 200, redis: 'ok' });
    const direct = new Redis(redis.url, { lazyConnect: true });
    cleanups.push(async () => direct.disconnect());
    await direct.connect();
    // Once Redis has answered again for a while, the write limits count there again.
    await expect
      .poll(
        async () => {
          expect((await raiseTicket('After')).statusCode).toBe(201);
          return direct.keys(`${redisPrefix}write-limit:tickets:*`);
        },
        { timeout: 15_000, interval: 500 },
      )
      .toHaveLength(1);
  }, 60_000);
});
