import {
  auditLogEndpoints,
  type MyDataFile,
  myDataFileSchema,
  taskEndpoints,
  ticketEndpoints,
  timeEntryEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { twoFactorRecoveryCodes, users } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, everyoneSignedIn } from './helpers/authz-matrix.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createConversation, sendMessage } from './helpers/messenger.js';
import { fannedOut } from './helpers/notifications.js';
import { insertTicket } from './helpers/tickets.js';

/**
 * "Download my data" (GET /api/users/profile/data, docs/decisions/0262): the person's profile and
 * its own messages, comments, time entries and notifications, and nobody else's words; never a
 * secret. Two rows a batch, so each list here is read in several. An export: the exports' budget
 * of the minute (three here) and an audit line.
 */
const BUDGET = 3;
const test = apiTest({ demoData: false, settings: { EXPORT_BATCH_ROWS: '2' }, writeLimits: { exports: BUDGET } });

/** What secrets the person's row and tables hold: none may be in its file. */
const SECRETS = {
  totp: 'sealed-totp-secret-7f3a',
  pendingTotp: 'sealed-pending-secret-91c2',
  recoveryCode: 'recovery-code-hash-5d1e',
};

async function download(t: TestApp, as: Member) {
  const answer = await t.call(userEndpoints.myData, { as });
  expect(answer.status, answer.response.body).toBe(200);
  return { text: answer.response.body, file: myDataFileSchema.parse(answer.body), headers: answer.headers };
}

/** A member and an org_admin colleague sharing a conversation, a task and a ticket, each with words of their own there. */
async function arrange(t: TestApp, make: Factories) {
  const organization = await make.organization();
  const [member, colleague] = await Promise.all([
    make.member(organization.id, { firstName: 'Mia', lastName: 'Owner' }),
    make.member(organization.id, { role: 'org_admin', firstName: 'Cole', lastName: 'League' }),
  ]);
  const project = await make.project(organization.id, { by: colleague });
  const objective = await make.objective(project.id, { by: colleague });
  const task = await make.task(objective.id, { by: colleague, title: 'Draft the launch plan', assignedTo: member.id });
  const ticket = await insertTicket(t.database.db, organization.id, member.id, { title: 'Printer jam on floor 2' });

  const conversation = await createConversation(t, member, [colleague.id], { title: 'Launch plans' });
  const mine = [];
  for (const text of ['Mine: the launch is on Friday', 'Mine: I booked the room', 'Mine: see you there']) {
    mine.push(await sendMessage(t, member, conversation.id, text));
  }
  await sendMessage(t, colleague, conversation.id, 'Theirs: the budget is confidential');

  const comment = async (
    endpoint: typeof taskEndpoints.comment | typeof ticketEndpoints.comment,
    id: string,
    by: Member,
    text: string,
  ) => expect((await t.call(endpoint, { params: { id }, body: { text }, as: by })).status).toBe(201);
  await comment(taskEndpoints.comment, task.id, member, 'Mine: first outline attached');
  await comment(taskEndpoints.comment, task.id, colleague, 'Theirs: the outline needs a budget line');
  await comment(ticketEndpoints.comment, ticket.id, member, 'Mine: it jams on A3 paper');
  await comment(ticketEndpoints.comment, ticket.id, colleague, 'Theirs: ordering a new printer');

  for (const [by, note] of [
    [member, 'Mine: outlining'],
    [colleague, 'Theirs: reviewing'],
  ] as const) {
    const entry = await t.call(timeEntryEndpoints.create, {
      as: by,
      body: { recordType: 'task', recordId: task.id, date: '2031-03-10', minutes: 45, note, billable: true },
    });
    expect(entry.status, entry.response.body).toBe(201);
  }
  // The colleague's message, task comment and ticket comment each tell the member.
  await Promise.all([
    fannedOut(t.database.db, conversation.id, 4),
    fannedOut(t.database.db, task.id),
    fannedOut(t.database.db, ticket.id),
  ]);

  // Secrets in the member's row and tables, as a second factor being set up would leave them.
  await t.database.db
    .update(users)
    .set({ twoFactorSecret: SECRETS.totp, twoFactorPendingSecret: SECRETS.pendingTotp })
    .where(eq(users.id, member.id));
  await t.database.db.insert(twoFactorRecoveryCodes).values({ userId: member.id, codeHash: SECRETS.recoveryCode });

  return { organization, member, colleague, conversation, task, ticket, mine };
}

test("a member's file holds its profile and its own rows of each kind, and none of a colleague's words", async ({
  t,
  make,
}) => {
  const { organization, member, colleague, conversation, task, ticket, mine } = await arrange(t, make);
  const { text, file, headers } = await download(t, member);

  expect(headers['content-type']).toBe('application/json; charset=utf-8');
  expect(headers['content-disposition']).toMatch(/^attachment; filename="smart-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
  expect(headers['cache-control']).toBe('private, no-store');
  expect(file.exportedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

  expect(file.person).toMatchObject({
    id: member.id,
    email: member.email,
    role: 'user',
    firstName: 'Mia',
    lastName: 'Owner',
    organization: { id: organization.id, name: organization.name },
    twoFactorEnabledAt: null,
    notificationSettings: { emailDigest: 'off', phoneVerified: false },
  });

  // Its three messages, in the order sent (two batches), each in its conversation.
  expect(file.messages).toEqual(
    mine.map((message) => ({
      id: message.id,
      conversation: { id: conversation.id, title: 'Launch plans' },
      type: 'text',
      text: message.content,
      ticketId: null,
      sentAt: message.createdAt,
    })),
  );
  expect(file.taskComments).toEqual([
    {
      id: expect.any(String),
      task: { id: task.id, title: 'Draft the launch plan' },
      text: 'Mine: first outline attached',
      createdAt: expect.any(String),
    },
  ]);
  expect(file.ticketComments).toEqual([
    {
      id: expect.any(String),
      ticket: { id: ticket.id, title: 'Printer jam on floor 2' },
      text: 'Mine: it jams on A3 paper',
      createdAt: expect.any(String),
    },
  ]);
  expect(file.timeEntries).toEqual([
    expect.objectContaining({
      date: '2031-03-10',
      minutes: 45,
      billable: true,
      note: 'Mine: outlining',
      record: { type: 'task', id: task.id, title: 'Draft the launch plan' },
      organization: { id: organization.id, name: organization.name },
    }),
  ]);

  // What it was told of the colleague's words: the inbox's lines, never the words themselves.
  const told = file.notifications.map(({ type, text: line, record }) => ({ type, line, record }));
  expect(told).toEqual(
    expect.arrayContaining([
      {
        type: 'message_received',
        line: 'Cole League sent a message in "Launch plans"',
        record: { type: 'conversation', id: conversation.id },
      },
      {
        type: 'task_commented',
        line: 'Cole League commented on the task "Draft the launch plan"',
        record: { type: 'task', id: task.id },
      },
      {
        type: 'ticket_commented',
        line: 'Cole League commented on the ticket "Printer jam on floor 2"',
        record: { type: 'ticket', id: ticket.id },
      },
    ]),
  );
  expect(file.notifications.every((notification) => notification.readAt === null)).toBe(true);

  expect(text).not.toContain('Theirs:');
  expect(text).not.toContain(colleague.email);
  for (const secret of [...Object.values(SECRETS), '$argon2', 'passwordHash', 'password_hash', 'twoFactorSecret']) {
    expect(text, secret).not.toContain(secret);
  }
});

test('another organization’s person gets its own rows only', async ({ t, make }) => {
  const { member } = await arrange(t, make);
  const other = await make.organization();
  const [stranger, strangerColleague] = await Promise.all([make.member(other.id), make.member(other.id)]);
  const chat = await createConversation(t, stranger, [strangerColleague.id], { title: 'Elsewhere' });
  const message = await sendMessage(t, stranger, chat.id, 'Stranger: hello over here');

  const { text, file } = await download(t, stranger);
  expect(file.person).toMatchObject({ id: stranger.id, email: stranger.email, organization: { id: other.id } });
  expect(file.messages.map((row) => row.id)).toEqual([message.id]);
  expect(file).toMatchObject({ taskComments: [], ticketComments: [], timeEntries: [], notifications: [] });
  expect(text).not.toContain('Mine:');
  expect(text).not.toContain(member.email);
});

test('a person with nothing yet gets its profile and empty lists', async ({ t, make }) => {
  const organization = await make.organization();
  const newcomer = await make.member(organization.id);
  const { file } = await download(t, newcomer);
  const { exportedAt: _exportedAt, person, ...lists } = file;
  expect(person.email).toBe(newcomer.email);
  expect(lists).toEqual({
    messages: [],
    taskComments: [],
    ticketComments: [],
    timeEntries: [],
    notifications: [],
  } satisfies Omit<MyDataFile, 'exportedAt' | 'person'>);
});

test("each download is an export of the organization's audit log, repeats one line counting them", async ({
  t,
  make,
}) => {
  const organization = await make.organization();
  const [owner, member] = await Promise.all([
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id),
  ]);
  await download(t, member);
  await download(t, member);
  const log = await t.call(auditLogEndpoints.list, { query: { view: 'exports' }, as: owner });
  expect(log.data).toEqual([
    expect.objectContaining({
      action: 'export.created',
      actor: expect.objectContaining({ id: member.id }),
      target: expect.objectContaining({ type: 'export', label: 'my-data.json' }),
      count: 2,
    }),
  ]);
});

test('downloads count against the exports budget of the minute: the next is 429 with Retry-After', async ({
  t,
  make,
}) => {
  const organization = await make.organization();
  const [member, colleague] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
  for (let i = 0; i < BUDGET; i += 1) await download(t, member);
  const refused = await t.call(userEndpoints.myData, { as: member });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(refused.refusal.error).toBe(UI_TEXT.tooManyRequests);
  // The budget is the person's own.
  await download(t, colleague);
});

test('signed out: 401', async ({ t }) => {
  const answer = await t.call(userEndpoints.myData, {});
  expect(answer.status).toBe(401);
});

authzMatrix('GET /api/users/profile/data', {
  test,
  arrange: async () => null,
  routes: [
    {
      route: 'GET /api/users/profile/data',
      request: () => ({ method: 'GET', url: userEndpoints.myData.path }),
      // Everyone's own data, whatever its role.
      statuses: everyoneSignedIn(200),
    },
  ],
});
