import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  conversationEndpoints,
  MESSAGE_MAX_PAGE_SIZE,
  MESSENGER_EVENTS,
  type Message,
  messageEndpoints,
  type NewMessageEvent,
  notificationEndpoints,
  sessionEndpoints,
  userEndpoints,
} from '@smart/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.js';
import { ACCOUNTS } from './helpers/app.js';
import { createPostgresDatabase } from './helpers/postgres.js';
import { afterAllCleanups } from './helpers/scratch.js';
import { exitOf, installationEnv, processCaller, startServerProcess } from './helpers/server-process.js';

/**
 * A server process killed (SIGKILL) while its users are connected: two real processes on one
 * PostgreSQL and one Redis. The reader's socket on the killed process is gone; it connects to the
 * survivor (as a balancer would send it) and catches up with the calls the web client makes after a
 * reconnect: the messages after the newest it has, the inbox and its unread count. Every message
 * sent meanwhile arrives once, none twice; every notification is listed once, and the count agrees.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const { cleanups, killAtEnd } = afterAllCleanups();

const SENT_WHILE_AWAY = 12;

/** A socket.io client of the session, as the web client's (no automatic reconnect: the test picks the process). */
async function socketOn(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', auth: { token }, reconnection: false, transports: ['websocket'] });
  cleanups.push(async () => socket.close());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

describe.skipIf(!databaseUrl || !redisUrl)(
  'a process killed while users are connected (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    it('its users reconnect to the survivor and catch up: every message once, every notification once', async () => {
      const database = await createPostgresDatabase(databaseUrl as string, inject('databaseTemplates')?.demo);
      cleanups.push(database.drop);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-killed-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = installationEnv(database.url, dataDir, {
        REDIS_URL: redisUrl as string,
        REDIS_PREFIX: `smart-killed-${process.pid}:`,
      });
      const doomed = await startServerProcess(env);
      killAtEnd(doomed.child);
      const survivor = await startServerProcess(env);
      killAtEnd(survivor.child);
      const onDoomed = processCaller(doomed.url);
      const onSurvivor = processCaller(survivor.url);

      const signIn = async (email: string) =>
        (
          (await onSurvivor(sessionEndpoints.signIn, { body: { email, password: DEMO_PASSWORD } })).data as {
            token: string;
          }
        ).token;
      const sender = { token: await signIn(ACCOUNTS.acmeMember) };
      const reader = { token: await signIn(ACCOUNTS.acmeOwner) };
      const readerId = (await onSurvivor(userEndpoints.profile, reader)).data.id;
      const conversation = (
        await onSurvivor(conversationEndpoints.create, {
          ...sender,
          body: { title: 'Through a crash', participantIds: [readerId] },
        })
      ).data;
      const send = (content: string) =>
        onSurvivor(messageEndpoints.send, { ...sender, body: { conversationId: conversation.id, content } });

      // The reader is on the process that will die, and hears a first message live.
      const heard: string[] = [];
      const hear = (socket: Socket) =>
        socket.on(MESSENGER_EVENTS.newMessage, (event: NewMessageEvent) => heard.push(event.message.id));
      const first = await socketOn(doomed.url, reader.token);
      hear(first);
      const opening = (await send('Opening')).data;
      await expect.poll(() => heard).toEqual([opening.id]);
      // The doomed process answers too: the balancer sends the reader's requests to either.
      expect((await onDoomed(messageEndpoints.list, { ...reader, params: { id: conversation.id } })).data).toHaveLength(
        1,
      );

      // Killed with messages on their way: some sent before, some after the reader is back.
      const exited = exitOf(doomed.child);
      const sending = (async () => {
        const sent: Message[] = [];
        for (let index = 1; index <= SENT_WHILE_AWAY; index += 1) sent.push((await send(`Message ${index}`)).data);
        return sent;
      })();
      doomed.child.kill('SIGKILL');
      await exited;
      const again = await socketOn(survivor.url, reader.token);
      hear(again);
      const sent = [opening, ...(await sending)];

      // The web client's catch-up after a reconnect: the messages after the newest it has, page by page.
      const caughtUp: Message[] = [];
      for (let cursor = opening.id; ; ) {
        const { data } = await onSurvivor(messageEndpoints.list, {
          ...reader,
          params: { id: conversation.id },
          query: { after: cursor, limit: MESSAGE_MAX_PAGE_SIZE },
        });
        caughtUp.push(...data);
        const last = data.at(-1);
        if (!last || data.length < MESSAGE_MAX_PAGE_SIZE) break;
        cursor = last.id;
      }
      const caughtUpIds = caughtUp.map((message) => message.id);
      expect(new Set(caughtUpIds).size).toBe(caughtUpIds.length);
      expect(new Set(heard).size).toBe(heard.length);
      // Merged by id, as the page's log does: each message sent, once, in order.
      const shown = [...new Set([...heard, ...caughtUpIds])];
      expect(shown.sort()).toEqual(sent.map((message) => message.id).sort());
      expect(caughtUp.map((message) => message.content)).toEqual(sent.slice(1).map((message) => message.content));

      // The inbox and its count, read again: each notification once; the count is the unread listed.
      const inbox = async () =>
        (await onSurvivor(notificationEndpoints.list, { ...reader, query: { limit: 100 } })).data;
      await expect
        .poll(async () => (await inbox()).some((item) => item.excerpt === `Message ${SENT_WHILE_AWAY}`), {
          // A fan-out the killed process held is queued again by the minutely sweep.
          timeout: 90_000,
        })
        .toBe(true);
      const items = await inbox();
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      expect(items.filter((item) => item.record.id === conversation.id)).toHaveLength(1);
      const unread = (await onSurvivor(notificationEndpoints.unreadCount, reader)).data.unread;
      expect(unread).toBe(items.filter((item) => !item.readAt).length);
    }, 180_000);
  },
);
