import { randomBytes } from 'node:crypto';
import {
  attachmentEndpoints,
  conversationEndpoints,
  notificationEndpoints,
  pathOf,
  sessionEndpoints,
  taskEndpoints,
  ticketEndpoints,
  UI_TEXT,
  userEndpoints,
  WRITE_LIMITS_PER_MINUTE,
  type WriteLimitGroup,
} from '@smart/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, writeLimitVariable } from '../src/config.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { factories, type Member } from './helpers/factories.js';
import { createConversation, messageTexts, postMessage } from './helpers/messenger.js';
import { postParts, sendUpload, TINY_PNG } from './helpers/multipart.js';
import { insertTicket } from './helpers/tickets.js';

/**
 * The API's writes have per-user limits a minute (contracts' WRITE_LIMITS_PER_MINUTE,
 * settings RATE_LIMIT_<GROUP>): over one, 429 with Retry-After and the error envelope, and nothing
 * done. Tickets and password changes run on the production figures; the other groups on small
 * figures given to this app, so each test stays short.
 */
const SMALL: Partial<Record<WriteLimitGroup, number>> = {
  messages: 3,
  comments: 3,
  uploads: 2,
  registrations: 2,
  writes: 4,
};
let t: TestApp;
let organizationId: string;
const make = () => factories(t.database.db);

beforeAll(async () => {
  t = await createTestApp({
    demoData: false,
    writeLimits: {
      ...SMALL,
      tickets: WRITE_LIMITS_PER_MINUTE.tickets,
      passwordChanges: WRITE_LIMITS_PER_MINUTE.passwordChanges,
    },
  });
  organizationId = (await make().organization()).id;
});
afterAll(() => t?.close());

/** The 429 every limit answers: Retry-After in seconds within the minute, and the error envelope. */
function expectLimited(answer: LightMyRequestResponse | { response: LightMyRequestResponse }) {
  const response = 'response' in answer ? answer.response : answer;
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.json()).toEqual({ success: false, error: UI_TEXT.tooManyRequests, code: 'RATE_LIMITED' });
}

const as = (member: Member) => ({ token: member.token });

describe('each group answers 429 past its limit, per user', () => {
  it('messages: past the limit nothing is stored; another user and another group go on', async () => {
    const [member, colleague] = await Promise.all([make().member(organizationId), make().member(organizationId)]);
    const conversationId = (await createConversation(t, member, [colleague.id])).id;
    const limit = SMALL.messages ?? 0;
    for (let index = 1; index <= limit; index += 1) {
      expect((await postMessage(t, member, { conversationId, content: `m${index}` })).statusCode).toBe(201);
    }
    expectLimited(await postMessage(t, member, { conversationId, content: 'one too many' }));
    expect(await messageTexts(t, member, conversationId)).not.toContain('one too many');
    expect((await postMessage(t, colleague, { conversationId, content: 'mine' })).statusCode).toBe(201);
    // Reading is never limited; another group (comments) has its own counter.
    expect((await t.call(conversationEndpoints.list, { token: member.token })).status).toBe(200);
    const ticket = await insertTicket(t.database.db, organizationId, member.id);
    const comment = await t.call(ticketEndpoints.comment, {
      params: { id: ticket.id },
      token: member.token,
      body: { text: 'Still allowed' },
    });
    expect(comment.status, comment.response.body).toBe(201);
  });

  it('comments: task and ticket comments share one counter', async () => {
    const member = await make().member(organizationId);
    const project = await make().project(organizationId);
    const objective = await make().objective(project.id);
    const task = await make().task(objective.id);
    const ticket = await insertTicket(t.database.db, organizationId, member.id);
    const noted = { token: member.token, body: { text: 'Noted' } };
    const commentOnTask = () => t.call(taskEndpoints.comment, { params: { id: task.id }, ...noted });
    const commentOnTicket = () => t.call(ticketEndpoints.comment, { params: { id: ticket.id }, ...noted });
    expect((await commentOnTask()).status).toBe(201);
    expect((await commentOnTask()).status).toBe(201);
    expect((await commentOnTicket()).status).toBe(201);
    expectLimited(await commentOnTicket());
    expectLimited(await commentOnTask());
  });

  it('uploads: every multipart route counts; past the limit nothing is stored', async () => {
    const member = await make().member(organizationId);
    const project = await make().project(organizationId);
    const objective = await make().objective(project.id);
    const task = await make().task(objective.id);
    const png = [{ field: 'file', filename: 'chart.png', content: TINY_PNG, type: 'image/png' }];
    expect((await sendUpload(t, png, as(member))).statusCode).toBe(201);
    const attached = await postParts(t, pathOf(attachmentEndpoints('tasks').add, { id: task.id }), png, as(member));
    expect(attached.statusCode, attached.body).toBe(201);
    const before = await filesOf(member);
    expectLimited(await sendUpload(t, png, as(member)));
    expect(await filesOf(member)).toBe(before);
  });

  it('registrations: an org_admin past the limit adds nobody', async () => {
    const owner = await make().member(organizationId, { role: 'org_admin' });
    const register = (n: number) =>
      t.call(userEndpoints.register, {
        token: owner.token,
        body: {
          firstName: 'New',
          lastName: `Person ${n}`,
          email: `new.${n}.${randomBytes(3).toString('hex')}@limits.example.com`,
          password: 'secret-password',
        },
      });
    for (let n = 1; n <= (SMALL.registrations ?? 0); n += 1) expect((await register(n)).status).toBe(201);
    const refused = await register(99);
    expectLimited(refused);
    const people = await t.call(userEndpoints.list, { query: { search: 'Person 99' }, token: owner.token });
    expect(people.data).toEqual([]);
  });

  it(`tickets: the production limit, ${WRITE_LIMITS_PER_MINUTE.tickets} a minute`, async () => {
    const member = await make().member(organizationId);
    const raise = (n: number) =>
      t.call(ticketEndpoints.create, {
        token: member.token,
        body: { title: `Ticket ${n}`, description: 'Something is broken' },
      });
    for (let n = 1; n <= WRITE_LIMITS_PER_MINUTE.tickets; n += 1) expect((await raise(n)).status).toBe(201);
    expectLimited(await raise(0));
  });

  it(`password changes: the production limit, ${WRITE_LIMITS_PER_MINUTE.passwordChanges} a minute, counts requests refused as invalid too`, async () => {
    const member = await make().member(organizationId);
    // Bodies as a client may send them, incomplete ones too.
    const change = (payload: object) =>
      t.request({ token: member.token, method: 'PUT', url: '/api/users/change-password', payload });
    for (let n = 1; n <= WRITE_LIMITS_PER_MINUTE.passwordChanges; n += 1) {
      expect((await change({ currentPassword: 'x' })).statusCode).toBe(400);
    }
    expectLimited(await change({ currentPassword: 'factory-password', newPassword: 'a-new-password' }));
  });

  it('every other write counts against one counter; GETs never do', async () => {
    const member = await make().member(organizationId);
    const save = () =>
      t.call(notificationEndpoints.updateSettings, {
        token: member.token,
        body: { notifications: { email: { newsletter: false } } },
      });
    for (let n = 1; n <= (SMALL.writes ?? 0); n += 1) expect((await save()).status, `write ${n}`).toBe(200);
    expectLimited(await save());
    expectLimited(await t.call(sessionEndpoints.signOut, { token: member.token }));
    for (let n = 0; n < 10; n += 1) {
      expect((await t.call(userEndpoints.profile, { token: member.token })).status).toBe(200);
    }
    // Without a session a write is still 401, before any limit.
    expect((await t.call(notificationEndpoints.updateSettings, { body: {} })).status).toBe(401);
  });
});

describe('settings and documentation', () => {
  it('RATE_LIMIT_<GROUP> changes a limit; the defaults are the contracts figures; a bad value stops the start', () => {
    expect(loadConfig({}).writeLimits).toEqual(WRITE_LIMITS_PER_MINUTE);
    expect(writeLimitVariable('passwordChanges')).toBe('RATE_LIMIT_PASSWORD_CHANGES');
    expect(loadConfig({ RATE_LIMIT_MESSAGES: '500' }).writeLimits.messages).toBe(500);
    expect(() => loadConfig({ RATE_LIMIT_UPLOADS: 'many' })).toThrow(/RATE_LIMIT_UPLOADS/);
    expect(() => loadConfig({ RATE_LIMIT_WRITES: '0' })).toThrow(/RATE_LIMIT_WRITES/);
  });

  it('the OpenAPI document lists 429 on every write that needs a session', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
    };
    const writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([method, operation]) => ['post', 'put', 'patch', 'delete'].includes(method) && operation.security?.length,
        )
        .map(([method, operation]) => ({ name: `${method} ${path}`, responses: operation.responses })),
    );
    expect(writes.length).toBeGreaterThan(40);
    for (const { name, responses } of writes) expect(Object.keys(responses), name).toContain('429');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('across server processes (Redis)', () => {
  it("two processes count one user's writes together", async () => {
    const redisPrefix = `smart-test-${randomBytes(4).toString('hex')}:`;
    const options = { database: t.database, redisPrefix, writeLimits: { messages: 3 } };
    const [first, second] = await Promise.all([createTestApp(options), createTestApp(options)]);
    try {
      const [member, colleague] = await Promise.all([make().member(organizationId), make().member(organizationId)]);
      const conversationId = (await createConversation(t, member, [colleague.id])).id;
      const post = (app: TestApp) => postMessage(app, member, { conversationId, content: 'across' });
      expect([(await post(first)).statusCode, (await post(second)).statusCode, (await post(first)).statusCode]).toEqual(
        [201, 201, 201],
      );
      expectLimited(await post(second));
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

/** The files rows a member uploaded. */
async function filesOf(member: Member) {
  const { rows } = await t.database.query('select count(*)::int as count from files where uploaded_by = $1', [
    member.id,
  ]);
  return (rows[0] as { count: number }).count;
}
