import {
  MESSENGER_CLIENT_EVENTS,
  MESSENGER_EVENTS,
  REALTIME_EVENTS,
  type SocketAck,
  TICKET_CLIENT_EVENTS,
  UI_TEXT,
} from '@smart/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoom } from '../src/plugins/realtime.js';
import { insertApiToken } from './helpers/api-tokens.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories, type Member } from './helpers/factories.js';
import { createConversation, sendMessage } from './helpers/messenger.js';
import { liveSockets } from './helpers/sockets.js';
import { insertTicket } from './helpers/tickets.js';

/**
 * A token's socket (decision 0280): it connects only with a read scope of something live, hears
 * only the events its scopes cover (though it shares its owner's user room with the owner's
 * browser tabs), and sends only the events its scopes allow. Real sockets on the real server.
 */
let t: TestApp;
let member: Member;
let colleague: Member;
let conversationId: string;
let ticketId: string;
const sockets = liveSockets(() => t);

beforeAll(async () => {
  t = await createTestApp({ demoData: false });
  const make = factories(t.database.db);
  const organization = await make.organization();
  [member, colleague] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
  conversationId = (await createConversation(t, member, [colleague.id])).id;
  ticketId = (await insertTicket(t.database.db, organization.id, member.id)).id;
  await sockets.listen();
});
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

const tokenSocket = async (scopes: Parameters<typeof insertApiToken>[1]['scopes']) =>
  sockets.connect({ token: (await insertApiToken(t.app, { userId: member.id, scopes })).secret });

function emitWithAck(socket: Socket, event: string, payload: unknown): Promise<SocketAck> {
  return new Promise((resolve) => socket.emit(event, payload, resolve));
}

/** Everything `socket` heard of `event` until a catch-up sent after it arrived (one connection keeps order). */
function hearUntilCatchUp(socket: Socket, event: string) {
  const heard: unknown[] = [];
  const listener = (payload: unknown) => heard.push(payload);
  socket.on(event, listener);
  return async () => {
    const caughtUp = new Promise<void>((resolve) => socket.once(REALTIME_EVENTS.catchUp, () => resolve()));
    t.app.io.to(userRoom(member.id)).emit(REALTIME_EVENTS.catchUp);
    await caughtUp;
    socket.off(event, listener);
    return heard;
  };
}

describe('a token socket', () => {
  it('is refused at the handshake when its scopes read nothing live', async () => {
    for (const scopes of [{}, { exports: 'read' as const }, { webhooks: 'write' as const }]) {
      await expect(tokenSocket(scopes)).rejects.toThrow('insufficient_scope');
    }
  });

  it("hears its owner's messages only with messages:read, and never the notifications", async () => {
    const reader = await tokenSocket({ messages: 'read' });
    const ticketsOnly = await tokenSocket({ tickets: 'read' });
    const browser = await sockets.connect({ token: member.token });

    const readerHeard = hearUntilCatchUp(reader, MESSENGER_EVENTS.newMessage);
    const ticketsHeard = hearUntilCatchUp(ticketsOnly, MESSENGER_EVENTS.newMessage);
    const browserHeard = hearUntilCatchUp(browser, MESSENGER_EVENTS.newMessage);
    const readerNotified = hearUntilCatchUp(reader, 'notification');
    const browserNotified = new Promise((resolve) => browser.once('notification', resolve));
    await sendMessage(t, colleague, conversationId, 'Hello over the wire');
    // The notification comes from the fan-out job: once the browser has it, the token's socket would have too.
    await browserNotified;

    expect(await readerHeard()).toHaveLength(1);
    expect(await browserHeard()).toHaveLength(1);
    expect(await ticketsHeard()).toEqual([]);
    expect(await readerNotified()).toEqual([]);
  });

  it('joins the rooms its read scopes cover, and sends only with the write scope', async () => {
    const reader = await tokenSocket({ messages: 'read', tickets: 'read' });
    expect(await emitWithAck(reader, MESSENGER_CLIENT_EVENTS.join, { conversationId })).toEqual({ ok: true });
    expect(await emitWithAck(reader, TICKET_CLIENT_EVENTS.join, { ticketId })).toMatchObject({ ok: true });
    expect(await emitWithAck(reader, MESSENGER_CLIENT_EVENTS.sendMessage, { conversationId, content: 'no' })).toEqual({
      ok: false,
      error: UI_TEXT.insufficientScope,
    });
    expect(await emitWithAck(reader, TICKET_CLIENT_EVENTS.updateStatus, { ticketId, status: 'closed' })).toEqual({
      ok: false,
      error: UI_TEXT.insufficientScope,
    });

    const ticketsOnly = await tokenSocket({ tickets: 'read' });
    expect(await emitWithAck(ticketsOnly, MESSENGER_CLIENT_EVENTS.join, { conversationId })).toEqual({
      ok: false,
      error: UI_TEXT.insufficientScope,
    });

    const writer = await tokenSocket({ messages: 'write' });
    const sent = await emitWithAck(writer, MESSENGER_CLIENT_EVENTS.sendMessage, { conversationId, content: 'yes' });
    expect(sent).toMatchObject({ ok: true, message: { content: 'yes' } });
  });
});
