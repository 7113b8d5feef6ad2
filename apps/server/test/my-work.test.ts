import {
  advisorEndpoints,
  DUE_SOON_DAYS,
  MY_WORK_ITEMS,
  type MyWork,
  messageEndpoints,
  myWorkEndpoints,
  type PlatformFigures,
  recordPaths,
} from '@smart/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { tasks } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { adminOnly, authzMatrix, everyoneSignedIn, type MatrixActor } from './helpers/authz-matrix.js';
import { factories, type Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { createConversation, sendMessage } from './helpers/messenger.js';
import { insertTicket } from './helpers/tickets.js';

/** The caller's day, sent as `today`, so "overdue" and "due soon" do not depend on the clock. */
const TODAY = '2031-03-10';
const day = (offset: number) => {
  const date = new Date(`${TODAY}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

const test = apiTest({ demoData: false });

/** GET /api/my-work as `member`, on TODAY. */
async function myWork(t: TestApp, member: Member) {
  const response = await t.call(myWorkEndpoints.mine, { query: { today: TODAY }, token: member.token });
  expect(response.status, response.response.body).toBe(200);
  return response.data;
}

const titles = (block: { items: { title: string }[] }) => block.items.map((item) => item.title).sort();

authzMatrix('who reads My work and the platform figures', {
  test,
  arrange: async () => null,
  routes: [
    {
      route: 'GET /api/my-work',
      request: () => ({ method: 'GET', url: '/api/my-work' }),
      statuses: everyoneSignedIn(200),
    },
    {
      route: 'GET /api/my-work/platform',
      request: () => ({ method: 'GET', url: '/api/my-work/platform' }),
      statuses: adminOnly(200),
    },
  ],
});

/**
 * Organization A (the cast's) and B (the other org_admin's), each with work that waits for
 * someone: every actor sees exactly its own rows and the unassigned ones it handles, never
 * another organization's.
 */
const seeded = test.extend('work', { scope: 'file', auto: true }, async ({ t, make, cast }) => {
  const { organization: a, otherOrganization: b } = cast;
  const objectiveIn = async (organizationId: string) =>
    make.objective((await make.project(organizationId, { title: 'Launch' })).id, { title: 'Beta' });
  const [objectiveA, objectiveB] = await Promise.all([objectiveIn(a.id), objectiveIn(b.id)]);
  const task = (objectiveId: string, title: string, assignee: Member, dueDate: string) =>
    make.task(objectiveId, { title, assignedTo: assignee.id, dueDate });
  const overdue = await task(objectiveA.id, 'User overdue', cast.user, day(-2));
  await task(objectiveA.id, 'User due soon', cast.user, day(DUE_SOON_DAYS - 1));
  await task(objectiveA.id, 'User later', cast.user, day(DUE_SOON_DAYS));
  const done = await task(objectiveA.id, 'User done', cast.user, day(-5));
  await t.database.db.update(tasks).set({ status: 'completed', progress: 100 }).where(eq(tasks.id, done.id));
  await task(objectiveA.id, 'Owner today', cast.orgAdmin, day(0));
  await task(objectiveA.id, 'Advisor tomorrow', cast.advisorAssigned, day(1));
  await task(objectiveB.id, 'Other overdue', cast.otherOrgAdmin, day(-1));

  const db = t.database.db;
  const ticket = (
    organizationId: string,
    creator: Member,
    title: string,
    assignedTo: Member | null,
    status?: 'resolved',
  ) => insertTicket(db, organizationId, creator.id, { title, assignedTo: assignedTo?.id ?? null, status });
  const userTicket = await ticket(a.id, cast.orgAdmin, 'For the user', cast.user);
  await ticket(a.id, cast.orgAdmin, 'Solved for the user', cast.user, 'resolved');
  await ticket(a.id, cast.user, 'Nobody has it', null);
  await ticket(a.id, cast.user, 'For the advisor', cast.advisorAssigned);
  // Assigned to an advisor who no longer acts in A: it waits for nobody it could reach.
  await ticket(a.id, cast.user, 'For an outsider', cast.advisorUnassigned);
  await ticket(b.id, cast.otherOrgAdmin, 'Nobody has it in B', null);

  const chat = await createConversation(t, cast.user, [cast.orgAdmin.id], { title: 'Budget' });
  await sendMessage(t, cast.user, chat.id, 'Can you look at the budget?');
  return { overdue, userTicket, chat, objectiveA };
});

describe('GET /api/my-work', () => {
  const expected: Record<Exclude<MatrixActor, 'anonymous'>, { tasks: string[]; tickets: string[]; chats: string[] }> = {
    user: { tasks: ['User due soon', 'User overdue'], tickets: ['For the user'], chats: [] },
    orgAdmin: { tasks: ['Owner today'], tickets: ['Nobody has it'], chats: ['Budget'] },
    advisorAssigned: { tasks: ['Advisor tomorrow'], tickets: ['For the advisor', 'Nobody has it'], chats: [] },
    advisorUnassigned: { tasks: [], tickets: [], chats: [] },
    otherOrgAdmin: { tasks: ['Other overdue'], tickets: ['Nobody has it in B'], chats: [] },
    admin: { tasks: [], tickets: [], chats: [] },
  };
  for (const [actor, rows] of Object.entries(expected)) {
    seeded(`${actor} sees only its own and permitted rows`, async ({ t, cast }) => {
      const work = await myWork(t, cast[actor as keyof typeof expected]);
      expect(titles(work.tasks)).toEqual(rows.tasks);
      expect(titles(work.tickets)).toEqual(rows.tickets);
      expect(titles(work.conversations)).toEqual(rows.chats);
      expect(work.tasks.total).toBe(rows.tasks.length);
      expect(work.tickets.total).toBe(rows.tickets.length);
    });
  }

  seeded('rows carry what opens them, overdue first, with the counts', async ({ t, cast, work }) => {
    const mine = await myWork(t, cast.user);
    expect(mine.tasks).toMatchObject({ total: 2, overdue: 1 });
    expect(mine.tasks.items[0]).toMatchObject({
      title: 'User overdue',
      overdue: true,
      dueDate: day(-2),
      path: recordPaths.task(work.objectiveA.projectId, work.objectiveA.id, work.overdue.id),
    });
    expect(mine.tasks.items[1]).toMatchObject({ title: 'User due soon', overdue: false });
    expect(mine.tickets.items[0]).toMatchObject({ assignedToMe: true, path: recordPaths.ticket(work.userTicket.id) });
    expect(mine.tickets).toMatchObject({ assignedToMe: 1, unassigned: 0 });

    const owner = await myWork(t, cast.orgAdmin);
    expect(owner.tickets).toMatchObject({ total: 1, assignedToMe: 0, unassigned: 1 });
    expect(owner.tickets.items[0]).toMatchObject({ assignedToMe: false, organizationName: cast.organization.name });
    expect(owner.conversations.items[0]).toMatchObject({
      unreadCount: 1,
      path: recordPaths.conversation(work.chat.id),
      lastMessage: { content: 'Can you look at the budget?' },
    });
  });

  seeded('reading the conversation empties the unread block', async ({ t, cast, work }) => {
    const read = await t.call(messageEndpoints.markRead, { params: { id: work.chat.id }, token: cast.orgAdmin.token });
    expect(read.status, read.response.body).toBe(200);
    expect((await myWork(t, cast.orgAdmin)).conversations).toEqual({ total: 0, items: [] });
  });

  seeded('an advisor whose assignment ended sees that organization no more', async ({ t, make, cast }) => {
    const advisor = await make.advisor([cast.organization.id]);
    await insertTicket(t.database.db, cast.organization.id, cast.user.id, { title: 'Late', assignedTo: advisor.id });
    expect(titles((await myWork(t, advisor)).tickets)).toEqual(['Late', 'Nobody has it']);
    const ended = await t.call(advisorEndpoints.removeAssignment, {
      params: { orgId: cast.organization.id, advisorId: advisor.id },
      token: cast.admin.token,
    });
    expect(ended.status, ended.response.body).toBe(200);
    expect((await myWork(t, advisor)).tickets).toEqual({
      total: 0,
      assignedToMe: 0,
      unassigned: 0,
      nearBreach: 0,
      items: [],
    });
  });

  seeded(
    'an advisor of two organizations: the tickets waiting in both, named by organization, and its unread chats',
    async ({ t, make, cast }) => {
      const { organization: a, otherOrganization: b } = cast;
      const advisor = await make.advisor([a.id, b.id]);
      const elsewhere = await make.organization();
      const db = t.database.db;
      await insertTicket(db, b.id, cast.otherOrgAdmin.id, { title: 'For me in B', assignedTo: advisor.id });
      await insertTicket(db, b.id, cast.otherOrgAdmin.id, {
        title: 'Solved in B',
        assignedTo: advisor.id,
        status: 'resolved',
      });
      const colleague = await make.member(b.id);
      await insertTicket(db, b.id, cast.otherOrgAdmin.id, { title: 'For a colleague in B', assignedTo: colleague.id });
      const stranger = await make.member(elsewhere.id, { role: 'org_admin' });
      await insertTicket(db, elsewhere.id, stranger.id, { title: 'Nobody has it elsewhere', assignedTo: null });
      const chat = await createConversation(t, cast.otherOrgAdmin, [advisor.id], { title: 'Advice for B' });
      await sendMessage(t, cast.otherOrgAdmin, chat.id, 'Could you look at our margins?');

      const work: MyWork = await myWork(t, advisor);
      expect(titles(work.tickets)).toEqual(['For me in B', 'Nobody has it', 'Nobody has it in B']);
      expect(work.tickets).toMatchObject({ total: 3, assignedToMe: 1, unassigned: 2 });
      const organizationOf = Object.fromEntries(work.tickets.items.map((item) => [item.title, item.organizationName]));
      expect(organizationOf).toEqual({ 'For me in B': b.name, 'Nobody has it': a.name, 'Nobody has it in B': b.name });
      expect(work.conversations.items).toMatchObject([
        { title: 'Advice for B', unreadCount: 1, organizationName: b.name, path: recordPaths.conversation(chat.id) },
      ]);
      // Its tasks (none here) are My Tasks' own list; the block is there, empty, whatever the page shows.
      expect(work.tasks).toEqual({ total: 0, overdue: 0, items: [] });
    },
  );

  seeded(
    'more than a block holds: the most urgent of mine and of the unassigned together, then the oldest, counted in full',
    async ({ t, make, cast }) => {
      const advisor = await make.advisor([cast.otherOrganization.id]);
      const b = cast.otherOrganization.id;
      const by = cast.otherOrgAdmin.id;
      const db = t.database.db;
      const at = (minutes: number) => new Date(Date.UTC(2031, 0, 1, 9, minutes));
      for (const [index, priority] of (['low', 'low', 'low', 'high', 'urgent'] as const).entries()) {
        await insertTicket(db, b, by, { title: `Open ${priority} ${index}`, priority, createdAt: at(index) });
      }
      await insertTicket(db, b, by, {
        title: 'Mine urgent, newer',
        priority: 'urgent',
        assignedTo: advisor.id,
        createdAt: at(30),
      });
      await insertTicket(db, b, by, {
        title: 'Mine high',
        priority: 'high',
        assignedTo: advisor.id,
        createdAt: at(40),
      });
      await insertTicket(db, b, by, {
        title: 'Mine medium',
        priority: 'medium',
        assignedTo: advisor.id,
        createdAt: at(50),
      });

      const work: MyWork = await myWork(t, advisor);
      // The seeded file's 'Nobody has it in B' is unassigned too, at its default priority.
      expect(work.tickets.items.map((item) => item.title).slice(0, 4)).toEqual([
        'Open urgent 4',
        'Mine urgent, newer',
        'Open high 3',
        'Mine high',
      ]);
      expect(work.tickets.items).toHaveLength(MY_WORK_ITEMS);
      expect(work.tickets).toMatchObject({ total: 9, assignedToMe: 3, unassigned: 6 });
    },
  );

  seeded('bad input is refused', async ({ t, cast }) => {
    for (const today of ['yesterday', '2031-02-30', 'x'.repeat(5000), '2031-03-10%00']) {
      const response = await t.call(myWorkEndpoints.mine, { query: { today }, token: cast.user.token });
      expect(response.status, today.slice(0, 20)).toBe(400);
    }
  });
});

describe('GET /api/my-work/platform', () => {
  seeded("the admin's figures count the whole platform", async ({ t, cast }) => {
    const response = await t.call(myWorkEndpoints.platform, { token: cast.admin.token });
    expect(response.status, response.response.body).toBe(200);
    const figures: PlatformFigures = response.data;
    const [counts] = (
      (await t.database.db.execute(sql`select
        (select count(*) from organizations)::int as organizations,
        (select count(*) from users)::int as people,
        (select count(*) from users where role = 'advisor')::int as advisors,
        (select count(*) from tickets where status in ('open', 'in_progress'))::int as open,
        (select count(*) from tickets where status in ('open', 'in_progress') and assigned_to is null)::int as unassigned`)) as unknown as {
        rows: Record<string, number>[];
      }
    ).rows;
    expect(figures).toMatchObject({
      organizations: counts?.organizations,
      people: counts?.people,
      advisors: counts?.advisors,
      openTickets: counts?.open,
      unassignedOpenTickets: counts?.unassigned,
    });
    expect(figures.activeAssignments).toBeGreaterThanOrEqual(1);
    expect(figures.advisorsWithoutAssignment).toBeGreaterThanOrEqual(1);
  });
});

describe('statements per My work request', () => {
  test('the same at a few and at many rows: the session and one per block', async ({ counting }) => {
    const make = factories(counting.app.database.db);
    const organization = await make.organization();
    const [owner, member] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
    ]);
    const objective = await make.objective((await make.project(organization.id)).id);
    const grow = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        await make.task(objective.id, { assignedTo: owner.id, dueDate: day(index % 3) });
        await insertTicket(counting.app.database.db, organization.id, member.id, { assignedTo: null });
      }
      const chat = await createConversation(counting.app, member, [owner.id], { title: `Chat ${count}` });
      await sendMessage(counting.app, member, chat.id, 'Hello');
    };
    await grow(1);
    const few = await counting.queriesOfCall(owner.token, myWorkEndpoints.mine, { query: { today: TODAY } });
    await grow(MY_WORK_ITEMS * 3);
    const many = await counting.queriesOfCall(owner.token, myWorkEndpoints.mine, { query: { today: TODAY } });
    expect(many.count).toBe(few.count);
    expect(many.count).toBe(4);
    expect((many.data as MyWork).tasks.items).toHaveLength(MY_WORK_ITEMS);
    expect((many.data as MyWork).tickets.total).toBe(1 + MY_WORK_ITEMS * 3);
  });
});
