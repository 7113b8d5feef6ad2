import {
  MESSAGE_MAX_PAGE_SIZE,
  MESSENGER_EVENTS,
  type Message,
  messageEndpoints,
  type NewMessageEvent,
  REALTIME_EVENTS,
} from '@smart/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { redisServerBinary, startPrivateRedis } from '../cluster/redis.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createConversation } from './helpers/messenger.js';
import { liveSockets } from './helpers/sockets.js';

/**
 * A Redis blip between two server processes while their sockets stay connected (decision 0273):
 * a message sent through one process meanwhile reaches only its own sockets; no reconnect tells
 * the other process's pages to read again, so once Redis is back the server says `catch_up`, and
 * the page's catch-up (the messages after the newest it has, as the web client asks) brings the
 * message once. Killed and started again (empty), and stopped and let go on (a hang).
 */
const binary = await redisServerBinary();
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Redis reconnects within 2 s, the unsent check runs each second: generous on a loaded machine. */
const CATCH_UP_WITHIN_MS = 20_000;

/** A socket's `catch_up` calls from now on, and its new messages, in order of arrival. */
function record(socket: Socket) {
  const heard: string[] = [];
  let catchUps = 0;
  const waiting: (() => void)[] = [];
  socket.on(MESSENGER_EVENTS.newMessage, (event: NewMessageEvent) => heard.push(event.message.content));
  socket.on(REALTIME_EVENTS.catchUp, () => {
    catchUps += 1;
    for (const resolve of waiting.splice(0)) resolve();
  });
  return {
    heard,
    catchUps: () => catchUps,
    /** Resolves at the next catch_up (or at once if one came since `since`); fails after CATCH_UP_WITHIN_MS. */
    nextCatchUp: (since: number) =>
      catchUps > since
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const late = setTimeout(
              () => reject(new Error(`no catch_up within ${CATCH_UP_WITHIN_MS} ms of Redis coming back`)),
              CATCH_UP_WITHIN_MS,
            );
            waiting.push(() => {
              clearTimeout(late);
              resolve();
            });
          }),
  };
}

async function twoProcessesOnPrivateRedis(name: string) {
  const redis = await startPrivateRedis(binary as string);
  cleanups.push(redis.remove);
  const redisPrefix = `smart-${name}-${process.pid}:`;
  const settings = { REDIS_URL: redis.url };
  const first = await createTestApp({ redisPrefix, settings });
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
  const member = { token: await first.tokenFor('acmeMember') };
  const owner = { token: await first.tokenFor('acmeOwner') };
  const ownerId = (await first.request({ ...owner, method: 'GET', url: '/api/users/profile' })).json().data.id;
  const conversation = await createConversation(first, member, [ownerId]);
  const send = (through: TestApp, content: string) =>
    through.call(messageEndpoints.send, { ...member, body: { conversationId: conversation.id, content } });
  /** The web client's catch-up: every message after the newest it has, page by page. */
  const messagesAfter = async (afterId: string) => {
    const found: Message[] = [];
    for (let cursor = afterId; ; ) {
      const { data } = await second.call(messageEndpoints.list, {
        ...owner,
        params: { id: conversation.id },
        query: { after: cursor, limit: MESSAGE_MAX_PAGE_SIZE },
      });
      found.push(...data);
      const last = data.at(-1);
      if (!last || data.length < MESSAGE_MAX_PAGE_SIZE) return found;
      cursor = last.id;
    }
  };
  return { redis, first, second, firstSockets, secondSockets, owner, send, messagesAfter };
}

describe.skipIf(!binary)('a Redis blip while sockets stay connected (needs redis-server installed)', () => {
  it('killed and started again: the other process tells its sockets to catch up, and the message arrives once', async () => {
    const { redis, first, second, secondSockets, owner, send, messagesAfter } =
      await twoProcessesOnPrivateRedis('blip-killed');
    const elsewhere = await secondSockets.connect(owner);
    const seen = record(elsewhere);
    // The page has read up to here: a message heard live across processes.
    const before = await secondSockets.heardOn<NewMessageEvent>(
      elsewhere,
      MESSENGER_EVENTS.newMessage,
      () => send(first, 'Before'),
      first,
    );
    const newestShown = before[0]?.message.id as string;
    expect(seen.catchUps()).toBe(0);

    await redis.kill();
    await expect
      .poll(async () => (await first.request({ method: 'GET', url: '/api/health/ready' })).statusCode)
      .toBe(503);
    const during = (await send(first, 'During the blip')).data;
    const catchUpsBefore = seen.catchUps();
    await redis.start();

    await seen.nextCatchUp(catchUpsBefore);
    // What the page merges: the live messages it heard and those its catch-up read, by id.
    const caughtUp = await messagesAfter(newestShown);
    expect(caughtUp.map((message) => message.content)).toEqual(['During the blip']);
    expect(caughtUp[0]?.id).toBe(during.id);
    expect(seen.heard.filter((content) => content === 'During the blip')).toEqual([]);

    // Fan-out is back both ways; nothing is heard twice.
    await expect
      .poll(
        async () =>
          (
            await secondSockets.heardOn<NewMessageEvent>(
              elsewhere,
              MESSENGER_EVENTS.newMessage,
              () => send(first, 'After'),
              first,
            )
          ).length,
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(seen.heard.filter((content) => content === 'Before')).toEqual(['Before']);
    expect(await second.request({ method: 'GET', url: '/api/health/ready' })).toMatchObject({ statusCode: 200 });
  }, 90_000);

  it('hanging with its connections open: the process that sent only to its own sockets tells every process to catch up', async () => {
    const { redis, first, secondSockets, owner, send, messagesAfter } = await twoProcessesOnPrivateRedis('blip-hang');
    const elsewhere = await secondSockets.connect(owner);
    const seen = record(elsewhere);
    const before = await secondSockets.heardOn<NewMessageEvent>(
      elsewhere,
      MESSENGER_EVENTS.newMessage,
      () => send(first, 'Before'),
      first,
    );
    const newestShown = before[0]?.message.id as string;

    redis.pause();
    // The first process's readiness probe finds Redis silent: it broadcasts to its own sockets only.
    expect((await first.request({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    const catchUpsBefore = seen.catchUps();
    await send(first, 'During the hang');
    redis.resume();

    await seen.nextCatchUp(catchUpsBefore);
    const caughtUp = await messagesAfter(newestShown);
    expect(caughtUp.map((message) => message.content)).toEqual(['During the hang']);
    expect(seen.heard.filter((content) => content === 'During the hang')).toEqual([]);
  }, 60_000);
});
