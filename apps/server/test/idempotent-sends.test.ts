import { randomUUID } from 'node:crypto';
import {
  conversationEndpoints,
  MAX_CLIENT_MESSAGE_ID_LENGTH,
  MESSENGER_CLIENT_EVENTS,
  MESSENGER_EVENTS,
  type Message,
  type NewMessageEvent,
  type SendMessageAck,
  UI_TEXT,
} from '@smart/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories, type Member } from './helpers/factories.js';
import { createConversation, messageTexts, postMessage } from './helpers/messenger.js';
import { sendUpload, TINY_PNG } from './helpers/multipart.js';
import { liveSockets } from './helpers/sockets.js';

/**
 * A send carries the client's id for it (clientMessageId); sending it again — Retry after
 * a lost acknowledgement — answers the stored message and stores and announces nothing, over HTTP
 * and over the socket alike (the unique index messages_sender_client_id_unique decides).
 */
let t: TestApp;
let organizationId: string;
let sender: Member;
let colleague: Member;
const sockets = liveSockets(() => t);

beforeAll(async () => {
  t = await createTestApp({ demoData: false });
  const make = factories(t.database.db);
  organizationId = (await make.organization()).id;
  [sender, colleague] = await Promise.all([make.member(organizationId), make.member(organizationId)]);
  await sockets.listen();
});
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

const newConversation = async () => (await createConversation(t, sender, [colleague.id])).id;
const sendOverSocket = (socket: Socket, body: object): Promise<SendMessageAck> =>
  new Promise((resolve) => socket.emit(MESSENGER_CLIENT_EVENTS.sendMessage, body, resolve));

describe('POST /api/messages with a clientMessageId', () => {
  it('sent twice: one stored message, the same 201 answer both times, announced once', async () => {
    const conversationId = await newConversation();
    const listener = await sockets.connect(colleague);
    const body = { conversationId, content: 'Invoice sent', clientMessageId: randomUUID() };
    let first: Message | undefined;
    let second: Message | undefined;
    const heard = await sockets.heardOn<NewMessageEvent>(listener, MESSENGER_EVENTS.newMessage, async () => {
      const answers = [await postMessage(t, sender, body), await postMessage(t, sender, body)];
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      [first, second] = answers.map((answer) => answer.json().data as Message);
    });
    expect(second).toEqual(first);
    expect(first).toMatchObject({ content: 'Invoice sent', clientMessageId: body.clientMessageId });
    expect(await messageTexts(t, sender, conversationId)).toEqual(['Invoice sent']);
    expect(heard.map((event) => event.message.id)).toEqual([first?.id]);
  });

  it('two at once with the same id store one message', async () => {
    const conversationId = await newConversation();
    const body = { conversationId, content: 'Twice at once', clientMessageId: randomUUID() };
    const answers = await Promise.all([postMessage(t, sender, body), postMessage(t, sender, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    expect(await messageTexts(t, sender, conversationId)).toEqual(['Twice at once']);
  });

  it("another sender's same id is another message; without an id every send is stored", async () => {
    const conversationId = await newConversation();
    const clientMessageId = randomUUID();
    const mine = await postMessage(t, sender, { conversationId, content: 'Mine', clientMessageId });
    const theirs = await postMessage(t, colleague, { conversationId, content: 'Theirs', clientMessageId });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    for (let round = 0; round < 2; round += 1) await postMessage(t, sender, { conversationId, content: 'No id' });
    expect(await messageTexts(t, sender, conversationId)).toEqual(['Mine', 'Theirs', 'No id', 'No id']);
  });

  it('a repeat with files answers the stored message with its files (not attached twice, not refused)', async () => {
    const conversationId = await newConversation();
    const upload = await sendUpload(
      t,
      [{ field: 'file', filename: 'plan.png', content: TINY_PNG, type: 'image/png' }],
      {
        token: sender.token,
      },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const body = {
      conversationId,
      content: '',
      attachments: [{ s3Key: upload.json().data.fileName }],
      clientMessageId: randomUUID(),
    };
    const first = await postMessage(t, sender, body);
    const again = await postMessage(t, sender, body);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().data).toEqual(first.json().data);
    expect(first.json().data.attachments).toHaveLength(1);
  });

  it('the same id in another conversation is 409; without access to the conversation, 404', async () => {
    const [conversationId, otherId] = await Promise.all([newConversation(), newConversation()]);
    const clientMessageId = randomUUID();
    expect((await postMessage(t, sender, { conversationId, content: 'Here', clientMessageId })).statusCode).toBe(201);
    const elsewhere = await postMessage(t, sender, { conversationId: otherId, content: 'There', clientMessageId });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({ success: false, error: UI_TEXT.clientMessageIdReused });
    // Someone removed from the conversation repeating its own send is answered as any send there: 404.
    const theirs = { conversationId, content: 'Before I left', clientMessageId: randomUUID() };
    expect((await postMessage(t, colleague, theirs)).statusCode).toBe(201);
    const removed = await t.call(conversationEndpoints.update, {
      params: { id: conversationId },
      token: sender.token,
      body: { participantIds: [sender.id] },
    });
    expect(removed.status, removed.response.body).toBe(200);
    expect((await postMessage(t, colleague, theirs)).statusCode).toBe(404);
  });

  it('a clientMessageId is at most 64 letters, digits and . : - _ (400 otherwise, nothing stored)', async () => {
    const conversationId = await newConversation();
    const bad = ['x'.repeat(MAX_CLIENT_MESSAGE_ID_LENGTH + 1), 'has space', 'new\nline', 'ü', '', 42, null];
    for (const clientMessageId of bad) {
      const response = await postMessage(t, sender, { conversationId, content: 'Bad id', clientMessageId });
      expect(response.statusCode, JSON.stringify(clientMessageId)).toBe(400);
    }
    const nul = await postMessage(t, sender, { conversationId, content: 'Bad id', clientMessageId: 'a\u0000' });
    expect(nul.json()).toMatchObject({ success: false, error: UI_TEXT.nulCharacter });
    const longest = 'a'.repeat(MAX_CLIENT_MESSAGE_ID_LENGTH);
    expect(
      (await postMessage(t, sender, { conversationId, content: 'Fine', clientMessageId: longest })).statusCode,
    ).toBe(201);
    expect(await messageTexts(t, sender, conversationId)).toEqual(['Fine']);
  });
});

describe('send_message with a clientMessageId', () => {
  it('sent twice over the socket: the same acknowledgement, one message, one new_message', async () => {
    const conversationId = await newConversation();
    const [socket, listener] = await Promise.all([sockets.connect(sender), sockets.connect(colleague)]);
    const body = { conversationId, content: 'Over the socket', clientMessageId: randomUUID() };
    const acks: SendMessageAck[] = [];
    const heard = await sockets.heardOn<NewMessageEvent>(listener, MESSENGER_EVENTS.newMessage, async () => {
      acks.push(await sendOverSocket(socket, body), await sendOverSocket(socket, body));
    });
    expect(acks[0]).toMatchObject({ ok: true, message: { content: 'Over the socket' } });
    expect(acks[1]).toEqual(acks[0]);
    expect(heard).toHaveLength(1);
    expect(await messageTexts(t, sender, conversationId)).toEqual(['Over the socket']);
  });

  it('sent over the socket, retried over HTTP (the socket went down): one message, the same one', async () => {
    const conversationId = await newConversation();
    const socket = await sockets.connect(sender);
    const body = { conversationId, content: 'Either way', clientMessageId: randomUUID() };
    const ack = await sendOverSocket(socket, body);
    const retried = await postMessage(t, sender, body);
    expect(retried.statusCode).toBe(201);
    expect(ack.ok && ack.message).toEqual(retried.json().data);
    expect(await messageTexts(t, sender, conversationId)).toEqual(['Either way']);
  });
});
