import {
  advisorEndpoints,
  conversationEndpoints,
  MESSENGER_CLIENT_EVENTS,
  MESSENGER_EVENTS,
  type MessengerAck,
  type MessengerErrorEvent,
  messageEndpoints,
  type NewMessageEvent,
  type SendMessageAck,
  TYPING_RATE_LIMIT,
  type TypingEvent,
  UI_TEXT,
} from '@smart/contracts';
import type { Socket } from 'socket.io-client';
import { describe, expect } from 'vitest';
import { apiTest } from './helpers/fixture.js';
import { createConversation, messageTexts, sendMessage } from './helpers/messenger.js';

/** The messenger's live connection, with real sockets on the real server. */
const emitWithAck = <T = MessengerAck>(socket: Socket, event: string, payload: unknown): Promise<T> =>
  new Promise((resolve) => socket.emit(event, payload, resolve));
const join = (socket: Socket, conversationId: unknown) =>
  emitWithAck(socket, MESSENGER_CLIENT_EVENTS.join, { conversationId });
const typing = (socket: Socket, conversationId: string) =>
  emitWithAck(socket, MESSENGER_CLIENT_EVENTS.typing, { conversationId, isTyping: true });

const test = apiTest({ demoData: false })
  .extend('outsider', { scope: 'file' }, ({ make, cast }) => make.member(cast.organization.id))
  /** A conversation of the user, the org_admin and the assigned advisor. */
  .extend('newConversation', { scope: 'file' }, ({ t, cast }) => {
    return () => createConversation(t, cast.user, [cast.orgAdmin.id, cast.advisorAssigned.id]);
  })
  /** What each socket hears of `event` while `act` runs (up to a marker sent after it). */
  .extend('heardBy', { scope: 'file' }, ({ sockets }) => sockets.heardBy);

describe('new_message', () => {
  test("reaches every participant's sockets, joined or not, and nobody else", async ({
    t,
    cast,
    sockets,
    outsider,
    newConversation,
    heardBy,
  }) => {
    const conversation = await newConversation();
    const participants = await Promise.all([cast.user, cast.orgAdmin, cast.advisorAssigned].map(sockets.connect));
    const secondTab = await sockets.connect(cast.orgAdmin);
    const others = await Promise.all(
      [outsider, cast.otherOrgAdmin, cast.advisorUnassigned, cast.admin].map(sockets.connect),
    );
    const heard = await heardBy<NewMessageEvent>(
      [...participants, secondTab, ...others],
      MESSENGER_EVENTS.newMessage,
      () => sendMessage(t, cast.user, conversation.id, 'Standup in 5'),
    );
    expect(heard.map((events) => events.length)).toEqual([1, 1, 1, 1, 0, 0, 0, 0]);
    expect(heard[1]?.[0]).toMatchObject({
      conversationId: conversation.id,
      message: { content: 'Standup in 5', senderId: { id: cast.user.id } },
    });
  });

  test('send_message stores through the same rules as POST, acknowledges the stored message and announces it', async ({
    t,
    cast,
    sockets,
    outsider,
    newConversation,
    heardBy,
  }) => {
    const conversation = await newConversation();
    const [sender, receiver] = await Promise.all([sockets.connect(cast.advisorAssigned), sockets.connect(cast.user)]);
    let ack: SendMessageAck | undefined;
    const [heard] = await heardBy<NewMessageEvent>([receiver], MESSENGER_EVENTS.newMessage, async () => {
      ack = await emitWithAck<SendMessageAck>(sender, MESSENGER_CLIENT_EVENTS.sendMessage, {
        conversationId: conversation.id,
        content: 'From the advisor',
      });
    });
    expect(ack).toMatchObject({ ok: true, message: { content: 'From the advisor', conversationId: conversation.id } });
    expect(heard).toEqual([{ conversationId: conversation.id, message: ack?.ok ? ack.message : null }]);
    expect(await messageTexts(t, cast.user, conversation.id)).toEqual(['From the advisor']);
    const unread = (
      await t.call(conversationEndpoints.get, { params: { id: conversation.id }, token: cast.user.token })
    ).data;
    expect(unread.unreadCount).toBe(1);

    for (const bad of [{ conversationId: conversation.id, content: '  ' }, { conversationId: 'x' }, 'hello', null]) {
      const [errors] = await heardBy<MessengerErrorEvent>([sender], MESSENGER_EVENTS.error, async () => {
        const refused = await emitWithAck<SendMessageAck>(sender, MESSENGER_CLIENT_EVENTS.sendMessage, bad);
        expect(refused.ok, JSON.stringify(bad)).toBe(false);
      });
      expect(errors?.[0]?.event).toBe(MESSENGER_CLIENT_EVENTS.sendMessage);
    }
    const blank = await emitWithAck<SendMessageAck>(sender, MESSENGER_CLIENT_EVENTS.sendMessage, {
      conversationId: conversation.id,
      content: ' ',
    });
    expect(blank).toEqual({ ok: false, error: UI_TEXT.messageEmpty });
    const stranger = await sockets.connect(outsider);
    const notIn = await emitWithAck<SendMessageAck>(stranger, MESSENGER_CLIENT_EVENTS.sendMessage, {
      conversationId: conversation.id,
      content: 'Let me in',
    });
    expect(notIn).toEqual({ ok: false, error: UI_TEXT.conversationNotFound });
  });
});

describe('rooms and typing', () => {
  test('a refused join gets an error event and a refusing ack', async ({
    cast,
    sockets,
    outsider,
    newConversation,
    heardBy,
  }) => {
    const conversation = await newConversation();
    for (const member of [outsider, cast.otherOrgAdmin, cast.advisorUnassigned]) {
      const socket = await sockets.connect(member);
      const [errors] = await heardBy<MessengerErrorEvent>([socket], MESSENGER_EVENTS.error, async () => {
        expect(await join(socket, conversation.id)).toEqual({ ok: false, error: UI_TEXT.conversationNotFound });
      });
      expect(errors).toEqual([
        { event: MESSENGER_CLIENT_EVENTS.join, conversationId: conversation.id, error: UI_TEXT.conversationNotFound },
      ]);
    }
    const socket = await sockets.connect(cast.user);
    for (const bad of ['nope', 7, null]) expect((await join(socket, bad)).ok).toBe(false);
  });

  test('typing reaches the others in the room, is not stored, and is rate-limited per socket', async ({
    t,
    cast,
    sockets,
    newConversation,
    heardBy,
  }) => {
    const conversation = await newConversation();
    const [typist, watcher, notJoined] = await Promise.all([
      sockets.connect(cast.user),
      sockets.connect(cast.orgAdmin),
      sockets.connect(cast.advisorAssigned),
    ]);
    expect(await typing(typist, conversation.id)).toEqual({ ok: false, error: UI_TEXT.conversationNotFound });
    await join(typist, conversation.id);
    await join(watcher, conversation.id);
    const [own, seen, unseen] = await heardBy<TypingEvent>([typist, watcher, notJoined], MESSENGER_EVENTS.typing, () =>
      typing(typist, conversation.id),
    );
    expect(own).toEqual([]);
    expect(unseen).toEqual([]);
    expect(seen).toEqual([
      {
        conversationId: conversation.id,
        isTyping: true,
        user: { id: cast.user.id, firstName: cast.user.firstName, lastName: cast.user.lastName },
      },
    ]);
    const [flood] = await heardBy<TypingEvent>([watcher], MESSENGER_EVENTS.typing, async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => typing(typist, conversation.id)));
      expect(answers).toContainEqual({ ok: false, error: UI_TEXT.typingTooFast });
    });
    expect(flood?.length).toBeLessThanOrEqual(TYPING_RATE_LIMIT);
    expect(await messageTexts(t, cast.user, conversation.id)).toEqual([]);
  });

  test('typing sent right after opening a conversation, before the join is answered, is heard', async ({
    cast,
    sockets,
    newConversation,
    heardBy,
  }) => {
    const conversation = await newConversation();
    const [typist, watcher] = await Promise.all([sockets.connect(cast.user), sockets.connect(cast.orgAdmin)]);
    await join(watcher, conversation.id);
    const [seen] = await heardBy<TypingEvent>([watcher], MESSENGER_EVENTS.typing, async () => {
      // As the page does: it joins on opening, and the first keystroke does not wait for the answer.
      const [joined, typed] = await Promise.all([join(typist, conversation.id), typing(typist, conversation.id)]);
      expect(joined).toEqual({ ok: true });
      expect(typed).toEqual({ ok: true });
    });
    expect(seen?.map((event) => event.user.id)).toEqual([cast.user.id]);
  });
});

describe('nothing lost, nothing after access ends', () => {
  test('catch-up: a client that was away fetches exactly the 3 messages it missed, in order', async ({
    t,
    cast,
    sockets,
    newConversation,
    heardBy,
  }) => {
    const conversation = await newConversation();
    const first = await sockets.connect(cast.orgAdmin);
    const [seen] = await heardBy<NewMessageEvent>([first], MESSENGER_EVENTS.newMessage, () =>
      sendMessage(t, cast.user, conversation.id, 'before'),
    );
    const lastSeenId = seen?.[0]?.message.id as string;
    first.close();
    for (const text of ['one', 'two', 'three']) await sendMessage(t, cast.user, conversation.id, text);
    const again = await sockets.connect(cast.orgAdmin);
    const [heardAfter] = await heardBy<NewMessageEvent>([again], MESSENGER_EVENTS.newMessage, async () => {});
    expect(heardAfter).toEqual([]);
    expect(await messageTexts(t, cast.orgAdmin, conversation.id, { after: lastSeenId })).toEqual([
      'one',
      'two',
      'three',
    ]);
  });

  test('someone removed from a conversation is told, leaves its room and hears nothing more', async ({
    t,
    cast,
    sockets,
    newConversation,
    heardBy,
  }) => {
    const conversation = await newConversation();
    const [removed, typist] = await Promise.all([sockets.connect(cast.advisorAssigned), sockets.connect(cast.user)]);
    await join(removed, conversation.id);
    await join(typist, conversation.id);
    const [gone] = await heardBy<{ conversationId: string }>([removed], MESSENGER_EVENTS.conversationRemoved, () =>
      t.call(conversationEndpoints.update, {
        params: { id: conversation.id },
        token: cast.user.token,
        body: { participantIds: [cast.user.id, cast.orgAdmin.id] },
      }),
    );
    expect(gone).toEqual([{ conversationId: conversation.id }]);
    const [messages] = await heardBy([removed], MESSENGER_EVENTS.newMessage, () =>
      sendMessage(t, cast.user, conversation.id, 'After you left'),
    );
    const [typed] = await heardBy([removed], MESSENGER_EVENTS.typing, () => typing(typist, conversation.id));
    expect(messages).toEqual([]);
    expect(typed).toEqual([]);
  });

  test("an advisor whose assignment ends hears nothing more of the organization's conversations", async ({
    t,
    make,
    cast,
    sockets,
    heardBy,
  }) => {
    const advisor = await make.advisor([cast.organization.id]);
    const conversation = await createConversation(t, cast.user, [advisor.id]);
    const [socket, typist] = await Promise.all([sockets.connect(advisor), sockets.connect(cast.user)]);
    await join(socket, conversation.id);
    await join(typist, conversation.id);
    const removed = await t.call(advisorEndpoints.removeAssignment, {
      params: { orgId: cast.organization.id, advisorId: advisor.id },
      token: cast.admin.token,
    });
    expect(removed.status, removed.response.body).toBe(200);
    const [messages] = await heardBy([socket], MESSENGER_EVENTS.newMessage, () =>
      sendMessage(t, cast.user, conversation.id, 'Still there?'),
    );
    const [typed] = await heardBy([socket], MESSENGER_EVENTS.typing, () => typing(typist, conversation.id));
    expect(messages).toEqual([]);
    expect(typed).toEqual([]);
  });

  test('a status change is announced to the participants as ticket_status_updated', async ({
    t,
    cast,
    sockets,
    newConversation,
    heardBy,
  }) => {
    const conversation = await newConversation();
    const watcher = await sockets.connect(cast.user);
    const [events] = await heardBy([watcher], MESSENGER_EVENTS.statusUpdated, () =>
      t.call(conversationEndpoints.update, {
        params: { id: conversation.id },
        token: cast.advisorAssigned.token,
        body: { status: 'resolved' },
      }),
    );
    expect(events).toEqual([{ conversationId: conversation.id, status: 'resolved', actorId: cast.advisorAssigned.id }]);
  });
});

describe('lists follow', () => {
  test("a chat the advisor opens appears in the members' lists; reading in one tab clears the others", async ({
    t,
    make,
    sockets,
    heardBy,
  }) => {
    const organization = await make.organization();
    const member = await make.member(organization.id);
    const advisor = await make.advisor([organization.id]);
    const [memberTab, otherTab] = await Promise.all([sockets.connect(member), sockets.connect(member)]);
    let chatId = '';
    const [updates] = await heardBy<{ conversationId: string }>(
      [memberTab],
      MESSENGER_EVENTS.conversationUpdated,
      async () => {
        const chat = (
          await t.call(conversationEndpoints.advisorConversation, {
            query: { organizationId: organization.id },
            token: advisor.token,
          })
        ).data;
        chatId = chat.id;
      },
    );
    expect(updates).toEqual([{ conversationId: chatId }]);
    await sendMessage(t, advisor, chatId, 'Hello from your advisor');
    const [reads] = await heardBy<{ conversationId: string }>([otherTab], MESSENGER_EVENTS.conversationRead, () =>
      t.call(messageEndpoints.markRead, { params: { id: chatId }, token: member.token }),
    );
    expect(reads).toMatchObject([{ conversationId: chatId }]);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two server processes on one Redis', () => {
  test('a message sent through one reaches a socket on the other', async ({
    t,
    cast,
    newConversation,
    twoProcesses,
  }) => {
    // Two apps on the database of the others, sharing their own Redis prefix (socket.io adapter).
    const { first: sender, sockets: receiverSockets } = await twoProcesses(t.database);
    const conversation = await newConversation();
    const listener = await receiverSockets.connect(cast.orgAdmin);
    const heard = await receiverSockets.heardOn<NewMessageEvent>(
      listener,
      MESSENGER_EVENTS.newMessage,
      () =>
        sender.call(messageEndpoints.send, {
          token: cast.user.token,
          body: { conversationId: conversation.id, content: 'Across processes' },
        }),
      sender,
    );
    expect(heard.map((event) => event.message.content)).toEqual(['Across processes']);
  });
});
