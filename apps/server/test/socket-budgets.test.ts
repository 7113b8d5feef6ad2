import { randomBytes, randomUUID } from 'node:crypto';
import {
  type ClientEventName,
  conversationEndpoints,
  healthEndpoints,
  MESSENGER_CLIENT_EVENTS,
  MESSENGER_EVENTS,
  type MessengerErrorEvent,
  SOCKET_EVENT_BUDGETS,
  SOCKET_MAX_REFUSALS,
  type SocketAck,
  TICKET_CLIENT_EVENTS,
  UI_TEXT,
  WORK_ROOM_EVENTS,
} from '@smart/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories, type Member } from './helpers/factories.js';
import { captureLog } from './helpers/log-capture.js';
import { createConversation, messageTexts } from './helpers/messenger.js';
import { liveSockets } from './helpers/sockets.js';

/**
 * Every client event goes through one pipeline with a budget per socket and per user.
 * A flood is refused at once and its socket dropped while the server keeps answering everyone
 * else; junk never crashes it. Real sockets on the real server, with the production budgets.
 */
let t: TestApp;
let organizationId: string;
const log = captureLog();
const sockets = liveSockets(() => t);
const make = () => factories(t.database.db);

beforeAll(async () => {
  t = await createTestApp({ demoData: false, logStream: log.stream });
  organizationId = (await make().organization()).id;
  await sockets.listen();
});
afterAll(async () => {
  sockets.closeAll();
  await t?.close();
});

/** Emits with an acknowledgement; resolves with the answer, or null when the socket is dropped first. */
function emitWithAck(socket: Socket, event: string, ...args: unknown[]): Promise<SocketAck | null> {
  return new Promise((resolve) => {
    const dropped = () => resolve(null);
    socket.once('disconnect', dropped);
    socket.emit(event, ...args, (answer: SocketAck) => {
      socket.off('disconnect', dropped);
      resolve(answer);
    });
  });
}

/** A member of the test organization with a conversation of its own (and a colleague in it). */
async function memberWithConversation() {
  const [member, colleague] = await Promise.all([make().member(organizationId), make().member(organizationId)]);
  const conversation = await createConversation(t, member, [colleague.id]);
  return { member, colleague, conversationId: conversation.id };
}

const send = (socket: Socket, conversationId: string, content: string) =>
  emitWithAck(socket, MESSENGER_CLIENT_EVENTS.sendMessage, { conversationId, content });

/** Resolves when the server drops the socket. */
const droppedBy = (socket: Socket) =>
  new Promise<string>((resolve) => (socket.disconnected ? resolve('closed') : socket.once('disconnect', resolve)));

describe('a flood on one socket', () => {
  it('is refused at once with error acknowledgements, then the socket is disconnected; another user is answered meanwhile', async () => {
    const { member, conversationId } = await memberWithConversation();
    const bystander = await make().member(organizationId);
    const flooder = await sockets.connect(member);
    const dropped = droppedBy(flooder);
    const errors: MessengerErrorEvent[] = [];
    flooder.on(MESSENGER_EVENTS.error, (event: MessengerErrorEvent) => errors.push(event));

    const sends = Array.from({ length: 300 }, (_, index) => send(flooder, conversationId, `flood ${index}`));
    const joins = Array.from({ length: 300 }, () =>
      emitWithAck(flooder, MESSENGER_CLIENT_EVENTS.join, { conversationId: randomUUID() }),
    );
    // Meanwhile another member's requests are answered (correctness; how fast is the bench's part).
    const [conversations, health] = await Promise.all([
      t.call(conversationEndpoints.list, { token: bystander.token }),
      t.call(healthEndpoints.get, {}),
    ]);
    expect(conversations.status).toBe(200);
    expect(health.status).toBe(200);

    // Told so, or cut off right after its last answers: either way the server ended it.
    expect(['io server disconnect', 'transport close', 'transport error']).toContain(await dropped);
    const answers = await Promise.all([...sends, ...joins]);
    const refusals = answers.filter((answer) => answer?.ok === false);
    expect(refusals.length).toBeGreaterThanOrEqual(SOCKET_MAX_REFUSALS);
    expect(refusals).toContainEqual({ ok: false, error: UI_TEXT.tooManyAtOnce });
    // Nothing was queued: no more was stored than the socket's budget lets through.
    const stored = answers.slice(0, 300).filter((answer) => answer?.ok === true).length;
    expect(stored).toBeLessThanOrEqual(SOCKET_EVENT_BUDGETS.write.socket.burst);
    // Stored: those answered, and those in hand when the socket went (their answers had nowhere to go).
    const kept = (await messageTexts(t, member, conversationId)).length;
    expect(kept).toBeGreaterThanOrEqual(stored);
    expect(kept).toBeLessThanOrEqual(SOCKET_EVENT_BUDGETS.write.socket.burst);
    // Most of the flood was never looked at: the socket was gone.
    expect(answers.filter((answer) => answer === null).length).toBeGreaterThan(0);
    expect(errors.some((event) => event.error === UI_TEXT.tooManyAtOnce)).toBe(true);

    // The user may come back (its own budget refills); the server is answering as before.
    const again = await sockets.connect(member);
    expect(await emitWithAck(again, MESSENGER_CLIENT_EVENTS.join, { conversationId })).toEqual({ ok: true });
  });

  it('a user dropped again and again writes one warning line a minute, not one per socket', async () => {
    const member = await make().member(organizationId);
    for (let round = 0; round < 3; round += 1) {
      const flooder = await sockets.connect(member);
      const dropped = droppedBy(flooder);
      for (let index = 0; index < 300; index += 1) {
        flooder.emit(MESSENGER_CLIENT_EVENTS.join, { conversationId: randomUUID() }, () => undefined);
      }
      await dropped;
    }
    const lines = (await log.textWith(`"userId":"${member.id}"`))
      .split('\n')
      .filter((line) => line.includes('socket disconnected: over budget') && line.includes(member.id));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 40, userId: member.id, drops: 1 });
  });

  it('a burst of 30 messages, each sent after the answer to the one before, all pass', async () => {
    const { member, conversationId } = await memberWithConversation();
    const socket = await sockets.connect(member);
    const burst = SOCKET_EVENT_BUDGETS.write.socket.burst;
    for (let index = 0; index < burst; index += 1) {
      expect(await send(socket, conversationId, `note ${index}`)).toMatchObject({ ok: true });
    }
    expect((await messageTexts(t, member, conversationId)).length).toBe(burst);
    // The bucket is nearly empty (a token a second comes back): more at once are refused, not
    // queued, and the socket stays. (Fewer than MAX_PENDING_EVENTS_PER_SOCKET, so the budget decides.)
    const more = await Promise.all(
      Array.from({ length: 9 }, (_, index) => send(socket, conversationId, `more ${index}`)),
    );
    expect(more).toContainEqual({ ok: false, error: UI_TEXT.tooManyRequests });
    expect(socket.connected).toBe(true);
    const kept = more.filter((answer) => answer?.ok).length;
    expect((await messageTexts(t, member, conversationId)).length).toBe(burst + kept);
  });

  it("the user's budget spans its sockets: three sockets, each within its own budget, are refused together", async () => {
    const { member, conversationId } = await memberWithConversation();
    const tabs = await Promise.all([1, 2, 3].map(() => sockets.connect(member)));
    const { socket, user } = SOCKET_EVENT_BUDGETS.write;
    const eachTab = 25;
    expect(eachTab).toBeLessThan(socket.burst);
    expect(eachTab * tabs.length).toBeGreaterThan(user.burst);
    const answers: (SocketAck | null)[] = [];
    for (let index = 0; index < eachTab; index += 1) {
      for (const [tab, tabSocket] of tabs.entries())
        answers.push(await send(tabSocket, conversationId, `${tab}-${index}`));
    }
    const accepted = answers.filter((answer) => answer?.ok).length;
    // The user's bucket: its burst, and what came back while the test ran (a few a second).
    expect(accepted).toBeGreaterThanOrEqual(user.burst);
    expect(accepted).toBeLessThan(eachTab * tabs.length);
    expect(answers).toContainEqual({ ok: false, error: UI_TEXT.tooManyRequests });
    expect((await messageTexts(t, member, conversationId, { limit: 100 })).length).toBe(accepted);
    // Another user is not held by this one's budget.
    const other = await memberWithConversation();
    expect(await send(await sockets.connect(other.member), other.conversationId, 'mine')).toMatchObject({ ok: true });
  });

  it('typing keeps its own budget (5 per 3 s a socket): over it, typingTooFast through the ack and messenger_error', async () => {
    const { member, conversationId } = await memberWithConversation();
    const socket = await sockets.connect(member);
    await emitWithAck(socket, MESSENGER_CLIENT_EVENTS.join, { conversationId });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        emitWithAck(socket, MESSENGER_CLIENT_EVENTS.typing, { conversationId, isTyping: true }),
      ),
    );
    const accepted = answers.filter((answer) => answer?.ok).length;
    expect(accepted).toBeGreaterThanOrEqual(SOCKET_EVENT_BUDGETS.typing.socket.burst);
    expect(accepted).toBeLessThan(answers.length);
    expect(answers).toContainEqual({ ok: false, error: UI_TEXT.typingTooFast });
  });
});

describe('the pipeline refuses junk with an error acknowledgement, never a crash', () => {
  const uuid = '00000000-0000-4000-8000-000000000000';
  const nested = (depth: number): unknown => (depth === 0 ? 'x' : { conversationId: nested(depth - 1) });
  /** Malformed for every event: no id of the right kind anywhere. */
  const JUNK: unknown[] = [
    undefined,
    null,
    'hello',
    42,
    true,
    [],
    [uuid],
    {},
    'B'.repeat(100_000),
    { conversationId: 'not-an-id' },
    { conversationId: `${uuid}\u0000` },
    { 'conversationId\u0000': uuid },
    { conversationId: { $ne: null } },
    { ticketId: 7, status: 'exploded' },
    { projectId: [uuid] },
    nested(500),
  ];
  /** Malformed for one event in particular. */
  const JUNK_OF: Partial<Record<ClientEventName, unknown[]>> = {
    [MESSENGER_CLIENT_EVENTS.sendMessage]: [
      { conversationId: uuid },
      { conversationId: uuid, content: 'a\u0000b' },
      { conversationId: uuid, content: 'B'.repeat(100_000) },
      { conversationId: uuid, content: 42 },
      { conversationId: uuid, attachments: 'all' },
      { conversationId: uuid, attachments: Array.from({ length: 11 }, () => ({ s3Key: 'x' })) },
      { conversationId: uuid, content: 'hi', clientMessageId: 'x'.repeat(65) },
      { conversationId: uuid, content: 'hi', clientMessageId: 'no spaces' },
      { conversationId: uuid, content: 'hi', clientMessageId: 'nul\u0000' },
    ],
    [MESSENGER_CLIENT_EVENTS.typing]: [{ conversationId: uuid, isTyping: 'yes' }],
    [TICKET_CLIENT_EVENTS.updateStatus]: [{ ticketId: uuid, status: 'exploded' }],
  };
  const EVENTS: ClientEventName[] = [
    ...Object.values(MESSENGER_CLIENT_EVENTS),
    ...Object.values(TICKET_CLIENT_EVENTS),
    ...Object.values(WORK_ROOM_EVENTS),
  ];
  const junkFor = (event: ClientEventName) => [...JUNK, ...(JUNK_OF[event] ?? [])];
  const total = EVENTS.reduce((sum, event) => sum + junkFor(event).length, 0);

  it(`every client event: ${total} malformed payloads in all each get { ok: false, error }, and the socket goes on`, async () => {
    let sent = 0;
    for (const event of EVENTS) {
      // Someone new for each event, so one event's junk does not spend another's budget.
      const socket = await sockets.connect(await make().member(organizationId));
      for (const payload of junkFor(event)) {
        const answer = await emitWithAck(socket, event, payload);
        sent += 1;
        expect(answer, `${event} ${JSON.stringify(payload)?.slice(0, 80)}`).toMatchObject({ ok: false });
        expect(typeof (answer as { error?: unknown }).error).toBe('string');
      }
      expect(socket.connected).toBe(true);
      socket.close();
    }
    expect(sent).toBe(total);
    // A NUL and a lone surrogate are named as such (the surrogate once failed in the database, an
    // error line); the server still works afterwards.
    const { member: sender, conversationId } = await memberWithConversation();
    const socket = await sockets.connect(sender);
    expect(
      await emitWithAck(socket, MESSENGER_CLIENT_EVENTS.sendMessage, { conversationId, content: 'a\u0000b' }),
    ).toEqual({ ok: false, error: UI_TEXT.nulCharacter });
    for (const content of ['a \ud800 b', '\udc00', 'end \ud83d']) {
      expect(await emitWithAck(socket, MESSENGER_CLIENT_EVENTS.sendMessage, { conversationId, content })).toEqual({
        ok: false,
        error: UI_TEXT.invalidText,
      });
    }
    expect(await send(socket, conversationId, 'still here')).toMatchObject({ ok: true });
    expect(log.text()).not.toContain('socket event failed');
  });

  it('extra arguments, no acknowledgement or an acknowledgement in the wrong place are harmless', async () => {
    const { member, conversationId } = await memberWithConversation();
    const socket = await sockets.connect(member);
    socket.emit(MESSENGER_CLIENT_EVENTS.sendMessage, { conversationId, content: 'without an answer' });
    socket.emit(MESSENGER_CLIENT_EVENTS.join);
    socket.emit(MESSENGER_CLIENT_EVENTS.leave, { conversationId }, 'extra', 3);
    expect(await emitWithAck(socket, MESSENGER_CLIENT_EVENTS.join, { conversationId }, 'extra')).toEqual({ ok: true });
    // Events of one socket are handled side by side: the unanswered message is stored, not necessarily first.
    await expect.poll(() => messageTexts(t, member, conversationId)).toEqual(['without an answer']);
    expect(socket.connected).toBe(true);
  });

  it('writes one log line per event with its outcome, never the payload', async () => {
    const { member, conversationId } = await memberWithConversation();
    const socket = await sockets.connect(member);
    const secret = `content-${randomBytes(6).toString('hex')}`;
    expect(await send(socket, conversationId, secret)).toMatchObject({ ok: true });
    const lines = (await log.textWith(`"userId":"${member.id}"`))
      .split('\n')
      .filter((line) => line.includes(member.id));
    expect(lines.some((line) => /"event":"send_message".*"outcome":"ok"/.test(line))).toBe(true);
    expect(log.text()).not.toContain(secret);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("a user's budget across two server processes (Redis)", () => {
  let first: TestApp;
  let second: TestApp;
  const firstSockets = liveSockets(() => first);
  const secondSockets = liveSockets(() => second);
  beforeAll(async () => {
    const redisPrefix = `smart-test-${randomBytes(4).toString('hex')}:`;
    first = await createTestApp({ database: t.database, redisPrefix });
    second = await createTestApp({ database: t.database, redisPrefix });
    await Promise.all([firstSockets.listen(), secondSockets.listen()]);
  });
  afterAll(async () => {
    firstSockets.closeAll();
    secondSockets.closeAll();
    await second?.close();
    await first?.close();
  });

  it('sockets of one user on two processes share its budget', async () => {
    const { member, conversationId }: { member: Member; conversationId: string } = await memberWithConversation();
    const tabs = [
      await firstSockets.connect(member),
      await secondSockets.connect(member),
      await firstSockets.connect(member),
    ];
    // The three tabs send side by side, each one message at a time (under its own budget of 30), so the
    // user's 60 run out within seconds even on a busy machine (its 120 a minute refill meanwhile).
    const answers = (
      await Promise.all(
        tabs.map(async (tab, tabIndex) => {
          const sent: (SocketAck | null)[] = [];
          for (let index = 0; index < 30; index += 1)
            sent.push(await send(tab, conversationId, `across ${tabIndex}.${index}`));
          return sent;
        }),
      )
    ).flat();
    expect(answers).toContainEqual({ ok: false, error: UI_TEXT.tooManyRequests });
    expect(answers.filter((answer) => answer?.ok).length).toBeLessThan(90);
  });
});
