import {
  type Conversation,
  MESSENGER_CLIENT_EVENTS,
  type MessengerAck,
  messageEndpoints,
  NOTIFICATION_EVENTS,
  notificationEndpoints,
  type SendMessageAck,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect } from 'vitest';
import { createCast } from './helpers/authz-matrix.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createConversation, sendMessage } from './helpers/messenger.js';
import { everyEventFannedOut } from './helpers/notifications.js';
import { notified, people } from './helpers/notified.js';

/*
 * The messenger's notifications ("Team messages"): a new message reaches the
 * conversation's participants who are not viewing it, @mentions reach the mentioned instead,
 * reading the conversation reads them, and the bell follows on every device and process.
 */
const emitWithAck = <T>(socket: Socket, event: string, payload: unknown): Promise<T> =>
  new Promise((resolve) => socket.emit(event, payload, resolve));

const test = apiTest({ demoData: false })
  /** A participant of the conversations below besides the cast's user, org_admin and advisor. */
  .extend('colleague', { scope: 'file' }, ({ make, cast }) => make.member(cast.organization.id))
  /** The organization's member who takes part in none of them. */
  .extend('outsider', { scope: 'file' }, ({ make, cast }) => make.member(cast.organization.id))
  /** A socket of the member with the conversation open (in its room): viewing it. */
  .extend('viewing', { scope: 'file' }, ({ sockets }) => async (member: Member, conversationId: string) => {
    const socket = await sockets.connect(member);
    const ack = await emitWithAck<MessengerAck>(socket, MESSENGER_CLIENT_EVENTS.join, { conversationId });
    expect(ack).toMatchObject({ ok: true });
    return socket;
  })
  .extend('newConversation', { scope: 'file' }, ({ t, cast, colleague }) => {
    return (): Promise<Conversation> =>
      createConversation(t, cast.user, [cast.orgAdmin.id, cast.advisorAssigned.id, colleague.id]);
  })
  .extend('unreadOf', { scope: 'file' }, ({ t }) => {
    return async (member: Member): Promise<number> =>
      (await t.call(notificationEndpoints.unreadCount, { token: member.token })).data.unread;
  });

describe('a new message', () => {
  test('tells the participants not viewing the conversation, in the app and by e-mail; not the sender, not a viewer, not an outsider', async ({
    t,
    cast,
    colleague,
    viewing,
    newConversation,
  }) => {
    const conversation = await newConversation();
    const viewer = await viewing(colleague, conversation.id);
    await sendMessage(t, cast.user, conversation.id, 'Shall we ship on Friday?');
    const told = await notified(t.app.db, 'message_received', conversation.id);
    expect(told.inApp).toEqual(people(cast.orgAdmin, cast.advisorAssigned));
    expect(told.email).toEqual(people(cast.orgAdmin, cast.advisorAssigned));

    const [item] = (await t.call(notificationEndpoints.list, { token: cast.orgAdmin.token })).data.filter(
      (entry: { record: { id: string } }) => entry.record.id === conversation.id,
    );
    expect(item).toMatchObject({
      type: 'message_received',
      record: { type: 'conversation', title: conversation.title },
      excerpt: 'Shall we ship on Friday?',
      link: expect.stringContaining(conversation.id),
    });

    // Closed the conversation: the next message tells the colleague too.
    viewer.close();
    await expect.poll(async () => (await t.app.io.in(`conversation:${conversation.id}`).fetchSockets()).length).toBe(0);
    await sendMessage(t, cast.user, conversation.id, 'Friday it is.');
    expect((await notified(t.app.db, 'message_received', conversation.id)).inApp).toEqual(
      people(cast.orgAdmin, cast.advisorAssigned, colleague),
    );
  });

  test('sent through the socket send_message, the same', async ({
    t,
    cast,
    sockets,
    colleague,
    viewing,
    newConversation,
  }) => {
    const conversation = await newConversation();
    await viewing(colleague, conversation.id);
    const sender = await sockets.connect(cast.orgAdmin);
    const ack = await emitWithAck<SendMessageAck>(sender, MESSENGER_CLIENT_EVENTS.sendMessage, {
      conversationId: conversation.id,
      content: 'From the socket',
      mentions: [cast.user.id],
    });
    expect(ack).toMatchObject({ ok: true, message: { mentions: [cast.user.id] } });
    expect((await notified(t.app.db, 'message_received', conversation.id)).inApp).toEqual(people(cast.advisorAssigned));
    expect((await notified(t.app.db, 'mentioned', conversation.id)).inApp).toEqual(people(cast.user));
  });

  test('@mentions: the mentioned participant gets the mention instead; a mention of someone outside the conversation tells nobody', async ({
    t,
    cast,
    colleague,
    outsider,
    newConversation,
  }) => {
    const conversation = await newConversation();
    const message = await sendMessage(t, cast.user, conversation.id, '@Owner can you look?', {
      mentions: [cast.orgAdmin.id, outsider.id, cast.otherOrgAdmin.id],
    });
    // Kept: the participants who can read it; the others are dropped.
    expect(message.mentions).toEqual([cast.orgAdmin.id]);
    const mentioned = await notified(t.app.db, 'mentioned', conversation.id);
    expect(mentioned.inApp).toEqual(people(cast.orgAdmin));
    expect(mentioned.email).toEqual(people(cast.orgAdmin));
    const received = await notified(t.app.db, 'message_received', conversation.id);
    expect(received.inApp).toEqual(people(cast.advisorAssigned, colleague));

    const page = await t.call(messageEndpoints.list, { params: { id: conversation.id }, token: cast.orgAdmin.token });
    expect(page.data.at(-1)?.mentions).toEqual(message.mentions);
  });

  test('team messages off in the app and by e-mail: nothing; a muted conversation: nothing', async ({
    t,
    cast,
    colleague,
    newConversation,
  }) => {
    const conversation = await newConversation();
    const off = await t.call(notificationEndpoints.updateSettings, {
      token: colleague.token,
      body: { notifications: { inApp: { teamMessages: false }, email: { teamMessages: false } } },
    });
    expect(off.status).toBe(200);
    const mute = await t.call(notificationEndpoints.subscribe, {
      params: { recordType: 'conversation', recordId: conversation.id },
      token: cast.advisorAssigned.token,
      body: { mode: 'mute' },
    });
    expect(mute.status).toBe(200);
    await sendMessage(t, cast.user, conversation.id, 'Anyone?');
    expect((await notified(t.app.db, 'message_received', conversation.id)).recipients).toEqual(people(cast.orgAdmin));
    await t.call(notificationEndpoints.updateSettings, {
      token: colleague.token,
      body: { notifications: { inApp: { teamMessages: true }, email: { teamMessages: true } } },
    });
  });
});

describe('reading the conversation', () => {
  test("reads its notifications, and the bell falls on the reader's other devices", async ({
    t,
    cast,
    sockets,
    newConversation,
    unreadOf,
  }) => {
    const conversation = await newConversation();
    const before = await unreadOf(cast.orgAdmin);
    await sendMessage(t, cast.user, conversation.id, 'One');
    await sendMessage(t, cast.user, conversation.id, 'Two');
    await notified(t.app.db, 'message_received', conversation.id);
    expect(await unreadOf(cast.orgAdmin)).toBe(before + 1);

    const otherDevice = await sockets.connect(cast.orgAdmin);
    const counts: number[] = [];
    otherDevice.on(NOTIFICATION_EVENTS.count, ({ unread }: { unread: number }) => counts.push(unread));
    const read = await t.call(messageEndpoints.markRead, {
      params: { id: conversation.id },
      token: cast.orgAdmin.token,
    });
    expect(read.status).toBe(200);
    await expect.poll(() => counts.at(-1)).toBe(before);
    expect(await unreadOf(cast.orgAdmin)).toBe(before);
    const { rows } = (await t.app.db.execute(
      sql`select count(*)::int as count from notifications where recipient_id = ${cast.orgAdmin.id}
        and record_id = ${conversation.id} and read_at is null`,
    )) as unknown as { rows: { count: number }[] };
    expect(rows[0]?.count).toBe(0);
    // The others' stay unread.
    expect(await unreadOf(cast.advisorAssigned)).toBeGreaterThan(0);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two server processes on one Redis', () => {
  test("a message sent through one process raises the bell of the recipient's socket on the other; a viewer there is not told", async ({
    twoProcesses,
  }) => {
    // Both processes on a database of their own: every fan-out job there is worked by one of them.
    const { first, sockets: secondSockets } = await twoProcesses();
    const { user, orgAdmin, advisorAssigned } = await createCast(first);
    const conversation = await createConversation(first, user, [orgAdmin.id, advisorAssigned.id]);
    // The advisor views the conversation through the second process: the first asks it over Redis.
    const viewer = await secondSockets.connect(advisorAssigned);
    expect(
      await emitWithAck<MessengerAck>(viewer, MESSENGER_CLIENT_EVENTS.join, { conversationId: conversation.id }),
    ).toMatchObject({ ok: true });
    const bell = await secondSockets.connect(orgAdmin);
    const counts: number[] = [];
    bell.on(NOTIFICATION_EVENTS.count, ({ unread }: { unread: number }) => counts.push(unread));
    // The org_admin is told of the cast's advisor assignment: counted once that is done.
    await everyEventFannedOut(first.app.db);
    const before = (await first.call(notificationEndpoints.unreadCount, { token: orgAdmin.token })).data.unread;
    await sendMessage(first, user, conversation.id, 'Across processes');
    await expect.poll(() => counts.at(-1), { timeout: 15_000 }).toBe(before + 1);
    expect((await notified(first.app.db, 'message_received', conversation.id)).inApp).toEqual(people(orgAdmin));
  });
});
