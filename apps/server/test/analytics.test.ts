import {
  ANALYTICS_DEFAULT_WEEKS,
  ANALYTICS_PROJECTS_SHOWN,
  type Analytics,
  analyticsEndpoints,
  type EndpointInput,
  type TicketCategory,
  type TicketPriority,
  taskEndpoints,
  ticketEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { describe, expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { taskActivity, tasks, ticketActivity, tickets, timeEntries, users } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Statuses } from './helpers/authz-matrix.js';
import { type Factories, factories, type Member, organizationWithPeople } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { insertTicket } from './helpers/tickets.js';

/**
 * Analytics: who reads whose figures, and each figure against data with known dates: the
 * weekly series in the caller's zone, the medians, overdue tasks, categories, project progress and
 * advisors' hours; bad ranges refused; the statements a request runs do not grow with the rows.
 */
const test = apiTest({ demoData: false });

const at = (instant: string) => new Date(instant);

type AnalyticsQuery = EndpointInput<typeof analyticsEndpoints.read>['query'];

async function analytics(t: TestApp, member: Member, query: AnalyticsQuery = {}): Promise<Analytics> {
  const response = await t.call(analyticsEndpoints.read, { query, token: member.token });
  expect(response.status, response.response.body).toBe(200);
  return response.data;
}

/** The org_admin of organization A reads A's; another org_admin, a member and an advisor may not. */
const READERS_OF_A: Statuses = {
  admin: 200,
  orgAdmin: 200,
  user: 403,
  advisorAssigned: 403,
  advisorUnassigned: 403,
  otherOrgAdmin: 404,
  anonymous: 401,
};

authzMatrix('who reads analytics', {
  test,
  arrange: async () => null,
  routes: [
    {
      route: 'GET /api/analytics?organizationId=A',
      request: (_record, cast) => ({ method: 'GET', url: `/api/analytics?organizationId=${cast.organization.id}` }),
      statuses: READERS_OF_A,
    },
    {
      // Without an organization: an org_admin's own, an admin's the whole platform.
      route: 'GET /api/analytics',
      request: () => ({ method: 'GET', url: '/api/analytics' }),
      statuses: { ...READERS_OF_A, otherOrgAdmin: 200 },
    },
  ],
  errors: { 403: UI_TEXT.forbidden, 404: UI_TEXT.organizationNotFound },
});

describe('whose figures', () => {
  test('an org_admin gets its own organization, named or not; an admin any one or the whole platform', async ({
    t,
    cast,
  }) => {
    const own = await analytics(t, cast.orgAdmin);
    expect(own.organization).toEqual({ id: cast.organization.id, name: cast.organization.name });
    const named = await analytics(t, cast.orgAdmin, { organizationId: cast.organization.id });
    expect(named.organization).toEqual(own.organization);
    expect((await analytics(t, cast.admin)).organization).toBeNull();
    const other = await analytics(t, cast.admin, { organizationId: cast.otherOrganization.id });
    expect(other.organization).toEqual({ id: cast.otherOrganization.id, name: cast.otherOrganization.name });
  });

  test("another organization's id is not found for an org_admin, an unknown one for an admin; members and advisors are refused whatever they name", async ({
    t,
    cast,
  }) => {
    const get = (member: Member, organizationId: string) =>
      t.call(analyticsEndpoints.read, { query: { organizationId }, token: member.token });
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [member, organizationId, status, error] of [
      [cast.orgAdmin, cast.otherOrganization.id, 404, UI_TEXT.organizationNotFound],
      [cast.orgAdmin, unknown, 404, UI_TEXT.organizationNotFound],
      [cast.admin, unknown, 404, UI_TEXT.organizationNotFound],
      [cast.user, cast.organization.id, 403, UI_TEXT.forbidden],
      [cast.user, cast.otherOrganization.id, 403, UI_TEXT.forbidden],
      [cast.advisorAssigned, cast.organization.id, 403, UI_TEXT.forbidden],
    ] as const) {
      const response = await get(member, organizationId);
      expect(response.status, response.response.body).toBe(status);
      expect(response.refusal.error).toBe(error);
    }
  });
});

/** A task of a fresh project and objective in the organization, created and completed at known instants. */
async function datedTask(
  db: Database,
  make: Factories,
  objectiveId: string,
  { createdAt, completedAt = [], dueDate }: { createdAt: string; completedAt?: string[]; dueDate?: string },
) {
  const task = await make.task(objectiveId, dueDate ? { dueDate } : {});
  await db
    .update(tasks)
    .set({ createdAt: at(createdAt) })
    .where(eq(tasks.id, task.id));
  for (const instant of completedAt) {
    await db.insert(taskActivity).values({
      organizationId: task.organizationId,
      taskId: task.id,
      kind: 'status',
      fromValue: 'in_progress',
      toValue: 'completed',
      createdAt: at(instant),
    });
  }
  return task;
}

interface DatedTicket {
  priority: TicketPriority;
  category: TicketCategory;
  createdAt: string;
  resolvedAt?: string;
  closedAt?: string;
}

async function datedTicket(db: Database, organizationId: string, creator: Member, ticket: DatedTicket) {
  const row = await insertTicket(db, organizationId, creator.id, {
    priority: ticket.priority,
    category: ticket.category,
    createdAt: at(ticket.createdAt),
    status: ticket.closedAt ? 'closed' : ticket.resolvedAt ? 'resolved' : 'open',
  });
  await db
    .update(tickets)
    .set({
      resolvedAt: ticket.resolvedAt ? at(ticket.resolvedAt) : null,
      closedAt: ticket.closedAt ? at(ticket.closedAt) : null,
    })
    .where(eq(tickets.id, row.id));
  return row;
}

/** Moves the ticket's history entry of this kind (the one the API just wrote) to a known instant. */
async function dateActivity(db: Database, ticketId: string, kind: 'comment' | 'status', instant: string) {
  await db
    .update(ticketActivity)
    .set({ createdAt: at(instant) })
    .where(and(eq(ticketActivity.ticketId, ticketId), eq(ticketActivity.kind, kind)));
}

const byWeek = (result: Analytics) => Object.fromEntries(result.weeks.map((week) => [week.weekStart, week]));
const noTickets = { low: 0, medium: 0, high: 0, urgent: 0 };

/**
 * An organization of its own with work and tickets in March 2031 (weeks from Monday 3, 10 and 17),
 * and one ticket of another organization in the same days.
 */
const march = test.extend('march', { scope: 'file' }, async ({ t, make, cast }) => {
  const db = t.database.db;
  const { org, owner, member } = await organizationWithPeople(make);
  const project = await make.project(org.id, { title: 'Dated work' });
  const objective = await make.objective(project.id);
  await datedTask(db, make, objective.id, {
    createdAt: '2031-03-04T10:00:00Z',
    completedAt: ['2031-03-05T10:00:00Z', '2031-03-06T10:00:00Z'],
  });
  await datedTask(db, make, objective.id, { createdAt: '2031-03-04T12:00:00Z' });
  // Completed through the API: the history entry it writes is what the figure counts.
  const third = await datedTask(db, make, objective.id, { createdAt: '2031-03-12T12:00:00Z' });
  const completed = await t.call(taskEndpoints.setStatus, {
    params: { id: third.id },
    body: { status: 'completed' },
    token: owner.token,
  });
  expect(completed.status, completed.response.body).toBe(200);
  await db
    .update(taskActivity)
    .set({ createdAt: at('2031-03-18T08:00:00Z') })
    .where(and(eq(taskActivity.taskId, third.id), eq(taskActivity.kind, 'status')));
  await datedTask(db, make, objective.id, { createdAt: '2031-02-20T12:00:00Z', completedAt: ['2031-02-21T08:00:00Z'] });

  // Answered by the owner's comment after 2 h, resolved after a day.
  const answered = await datedTicket(db, org.id, member, {
    priority: 'high',
    category: 'technical',
    createdAt: '2031-03-04T09:00:00Z',
    resolvedAt: '2031-03-05T09:00:00Z',
  });
  const comment = (ticketId: string, by: Member) =>
    t.call(ticketEndpoints.comment, { params: { id: ticketId }, body: { text: 'On it.' }, token: by.token });
  expect((await comment(answered.id, owner)).status).toBe(201);
  await dateActivity(db, answered.id, 'comment', '2031-03-04T11:00:00Z');
  // Its creator's own comment is no response; the owner's status change after 4 h is.
  const moved = await datedTicket(db, org.id, member, {
    priority: 'low',
    category: 'billing',
    createdAt: '2031-03-11T09:00:00Z',
  });
  expect((await comment(moved.id, member)).status).toBe(201);
  await dateActivity(db, moved.id, 'comment', '2031-03-11T09:10:00Z');
  const status = await t.call(ticketEndpoints.setStatus, {
    params: { id: moved.id },
    body: { status: 'in_progress' },
    token: owner.token,
  });
  expect(status.status, status.response.body).toBe(200);
  await dateActivity(db, moved.id, 'status', '2031-03-11T13:00:00Z');
  // Never answered; closed without a resolution after three days.
  await datedTicket(db, org.id, member, {
    priority: 'high',
    category: 'technical',
    createdAt: '2031-03-12T09:00:00Z',
    closedAt: '2031-03-15T09:00:00Z',
  });
  // Opened before the range, resolved in it.
  await datedTicket(db, org.id, member, {
    priority: 'urgent',
    category: 'general',
    createdAt: '2031-02-20T09:00:00Z',
    resolvedAt: '2031-03-18T09:00:00Z',
  });
  await datedTicket(db, cast.otherOrganization.id, cast.otherOrgAdmin, {
    priority: 'medium',
    category: 'technical',
    createdAt: '2031-03-04T09:00:00Z',
    resolvedAt: '2031-03-04T10:00:00Z',
  });
  return { org, owner, member, project, objective };
});

const MARCH = { from: '2031-03-03', to: '2031-03-23' };

describe('the figures', () => {
  march('tasks created and completed per week: distinct tasks, on the range days only', async ({ t, march }) => {
    const result = await analytics(t, march.owner, MARCH);
    expect(result).toMatchObject({ ...MARCH, timeZone: 'UTC', organization: { id: march.org.id } });
    expect(
      result.weeks.map(({ weekStart, tasksCreated, tasksCompleted }) => ({ weekStart, tasksCreated, tasksCompleted })),
    ).toEqual([
      { weekStart: '2031-03-03', tasksCreated: 2, tasksCompleted: 1 },
      { weekStart: '2031-03-10', tasksCreated: 1, tasksCompleted: 0 },
      { weekStart: '2031-03-17', tasksCreated: 0, tasksCompleted: 1 },
    ]);
  });

  march(
    'tickets opened and resolved per week by priority (closed without a resolution counts as resolved then)',
    async ({ t, march }) => {
      const weeks = byWeek(await analytics(t, march.owner, MARCH));
      expect(weeks['2031-03-03']).toMatchObject({
        ticketsOpened: { ...noTickets, high: 1 },
        ticketsResolved: { ...noTickets, high: 1 },
      });
      expect(weeks['2031-03-10']).toMatchObject({
        ticketsOpened: { ...noTickets, low: 1, high: 1 },
        ticketsResolved: { ...noTickets, high: 1 },
      });
      expect(weeks['2031-03-17']).toMatchObject({
        ticketsOpened: noTickets,
        ticketsResolved: { ...noTickets, urgent: 1 },
      });
    },
  );

  march(
    'the medians of first response and resolution over the tickets opened in the range, and categories',
    async ({ t, march }) => {
      const result = await analytics(t, march.owner, MARCH);
      expect(result.tickets).toEqual({
        opened: 3,
        responded: 2,
        resolved: 2,
        // 2 h and 4 h; a day and three days.
        medianFirstResponseSeconds: 3 * 60 * 60,
        medianResolutionSeconds: 2 * 24 * 60 * 60,
      });
      expect(result.ticketCategories).toEqual({
        general: 0,
        technical: 2,
        billing: 1,
        feature_request: 0,
        bug_report: 0,
      });
    },
  );

  march('a range without tickets has no medians', async ({ t, march }) => {
    const result = await analytics(t, march.owner, { from: '2031-05-05', to: '2031-05-11' });
    expect(result.tickets).toEqual({
      opened: 0,
      responded: 0,
      resolved: 0,
      medianFirstResponseSeconds: null,
      medianResolutionSeconds: null,
    });
    expect(result.weeks).toEqual([
      {
        weekStart: '2031-05-05',
        tasksCreated: 0,
        tasksCompleted: 0,
        ticketsOpened: noTickets,
        ticketsResolved: noTickets,
      },
    ]);
  });

  march(
    "the admin's platform view adds the other organization's ticket; one organization's leaves it out",
    async ({ t, cast, march }) => {
      const one = await analytics(t, cast.admin, { ...MARCH, organizationId: march.org.id });
      const all = await analytics(t, cast.admin, MARCH);
      expect(one.tickets.opened).toBe(3);
      expect(all.organization).toBeNull();
      expect(all.tickets.opened).toBe(4);
      expect(byWeek(all)['2031-03-03']?.ticketsOpened).toEqual({ ...noTickets, medium: 1, high: 1 });
    },
  );

  test('overdue tasks now: open ones due before today', async ({ t, make }) => {
    const { org, owner } = await organizationWithPeople(make);
    const objective = await make.objective((await make.project(org.id)).id);
    const today = Temporal.Now.plainDateISO('UTC');
    const day = (days: number) => today.add({ days }).toString();
    await make.task(objective.id, { dueDate: day(-3) });
    const started = await make.task(objective.id, { dueDate: day(-1) });
    await t.database.db.update(tasks).set({ status: 'in_progress', progress: 50 }).where(eq(tasks.id, started.id));
    const done = await make.task(objective.id, { dueDate: day(-3) });
    await t.database.db.update(tasks).set({ status: 'completed', progress: 100 }).where(eq(tasks.id, done.id));
    await make.task(objective.id, { dueDate: day(0) });
    await make.task(objective.id, { dueDate: day(5) });
    await make.task(objective.id);
    expect((await analytics(t, owner)).overdueTasks).toBe(2);
  });

  test('project progress: open projects, soonest due first, undated last, with their progress', async ({ t, make }) => {
    const { org, owner } = await organizationWithPeople(make);
    const withTasks = async (
      title: string,
      dueDate: string | undefined,
      progresses: number[],
      status?: 'completed',
    ) => {
      const project = await make.project(org.id, { title, ...(dueDate && { dueDate }), ...(status && { status }) });
      const objective = await make.objective(project.id);
      for (const progress of progresses) {
        const task = await make.task(objective.id);
        await t.database.db.update(tasks).set({ progress }).where(eq(tasks.id, task.id));
      }
      return project;
    };
    await withTasks('Later', '2031-06-01', [100, 50]);
    await withTasks('Undated', undefined, []);
    await withTasks('Sooner', '2031-04-01', [10]);
    await withTasks('Done', '2031-01-01', [100], 'completed');
    const { projects } = await analytics(t, owner);
    expect(projects.total).toBe(3);
    expect(projects.limit).toBe(ANALYTICS_PROJECTS_SHOWN);
    expect(
      projects.items.map(({ title, progress, taskCount, completedTaskCount, dueDate }) => ({
        title,
        progress,
        taskCount,
        completedTaskCount,
        dueDate,
      })),
    ).toEqual([
      { title: 'Sooner', progress: 10, taskCount: 1, completedTaskCount: 0, dueDate: '2031-04-01' },
      { title: 'Later', progress: 75, taskCount: 2, completedTaskCount: 0, dueDate: '2031-06-01' },
      { title: 'Undated', progress: 0, taskCount: 0, completedTaskCount: 0, dueDate: null },
    ]);
    expect(projects.items[0]?.organizationName).toBe(org.name);
  });

  march('advisor hours per month of the range: advisors only, billable apart', async ({ t, make, march }) => {
    const db = t.database.db;
    const advisor = await make.advisor([march.org.id]);
    const task = await make.task(march.objective.id);
    const entry = (userId: string, date: string, minutes: number, billable: boolean) =>
      db.insert(timeEntries).values({
        organizationId: march.org.id,
        userId,
        recordType: 'task',
        taskId: task.id,
        date,
        minutes,
        billable,
      });
    await entry(advisor.id, '2031-02-27', 45, true);
    await entry(advisor.id, '2031-03-04', 90, true);
    await entry(advisor.id, '2031-03-20', 30, false);
    await entry(march.member.id, '2031-03-05', 60, true);
    await entry(advisor.id, '2031-04-07', 15, true);
    const result = await analytics(t, march.owner, { from: '2031-02-24', to: '2031-04-06' });
    expect(result.advisorHours).toEqual([
      { month: '2031-02', minutes: 45, billableMinutes: 45 },
      { month: '2031-03', minutes: 120, billableMinutes: 90 },
      { month: '2031-04', minutes: 0, billableMinutes: 0 },
    ]);
  });
});

describe("the caller's days", () => {
  test("a week starts on the caller's Monday: Sunday noon in UTC is Monday in Auckland", async ({ t, make, cast }) => {
    const { org, owner, member } = await organizationWithPeople(make);
    await t.database.db.update(users).set({ timeZone: 'Pacific/Auckland' }).where(eq(users.id, owner.id));
    // Sunday 9 March 2031, 12:00 UTC = Monday 10 March, 01:00 in Auckland (UTC+13).
    await datedTicket(t.database.db, org.id, member, {
      priority: 'low',
      category: 'general',
      createdAt: '2031-03-09T12:00:00Z',
    });
    const range = { from: '2031-03-03', to: '2031-03-16' };
    const auckland = await analytics(t, owner, range);
    expect(auckland.timeZone).toBe('Pacific/Auckland');
    expect(byWeek(auckland)['2031-03-10']?.ticketsOpened.low).toBe(1);
    expect(byWeek(auckland)['2031-03-03']?.ticketsOpened.low).toBe(0);
    const utc = await analytics(t, cast.admin, { ...range, organizationId: org.id });
    expect(byWeek(utc)['2031-03-03']?.ticketsOpened.low).toBe(1);
    expect(byWeek(utc)['2031-03-10']?.ticketsOpened.low).toBe(0);
    // The range's first day is the caller's too: from Monday the 10th, Auckland still counts it.
    expect((await analytics(t, owner, { from: '2031-03-10', to: '2031-03-16' })).tickets.opened).toBe(1);
    expect(
      (await analytics(t, cast.admin, { from: '2031-03-10', to: '2031-03-16', organizationId: org.id })).tickets.opened,
    ).toBe(0);
  });

  test('the default range: this week and the ones before it, to today, from a Monday', async ({ t, cast }) => {
    const result = await analytics(t, cast.orgAdmin);
    const today = Temporal.Now.plainDateISO('UTC');
    expect(result.to).toBe(today.toString());
    expect(result.weeks).toHaveLength(ANALYTICS_DEFAULT_WEEKS);
    expect(result.weeks[0]?.weekStart).toBe(result.from);
    expect(Temporal.PlainDate.from(result.from).dayOfWeek).toBe(1);
    // One end given, the other follows it.
    const ending = await analytics(t, cast.orgAdmin, { to: '2031-03-12' });
    expect(ending).toMatchObject({ from: '2030-12-23', to: '2031-03-12' });
    const starting = await analytics(t, cast.orgAdmin, { from: today.subtract({ days: 3 }).toString() });
    expect(starting.to).toBe(today.toString());
  });
});

describe('bad ranges', () => {
  test('are refused with 400 and the reason', async ({ t, cast }) => {
    const refused = async (query: AnalyticsQuery, error?: string) => {
      const response = await t.call(analyticsEndpoints.read, { query, token: cast.orgAdmin.token });
      expect(response.status, JSON.stringify(query).slice(0, 40)).toBe(400);
      if (error) expect(response.refusal.error).toBe(error);
    };
    await refused({ from: '2031-03-10', to: '2031-03-09' }, UI_TEXT.timeRangeOrder);
    await refused({ from: '2031-01-01', to: '2032-01-02' }, UI_TEXT.analyticsRangeTooLong);
    // One end left out: the other is filled in, and the result checked the same way.
    await refused({ from: '2020-01-01' }, UI_TEXT.analyticsRangeTooLong);
    await refused({ from: '2999-01-01' }, UI_TEXT.timeRangeOrder);
    for (const junk of [
      { from: 'yesterday' },
      { from: '2031-02-30' },
      { to: '0000-01-01' },
      { from: '9'.repeat(5000) },
      { from: '2031-03-10\u0000' },
      { organizationId: 'not-an-id' },
      { organizationId: 'a'.repeat(100) },
    ]) {
      await refused(junk);
    }
  });

  test('a whole leap year is a range; the first days of the year 1 are too', async ({ t, cast }) => {
    const leap = await analytics(t, cast.orgAdmin, { from: '2032-01-01', to: '2032-12-31' });
    expect(leap.weeks.length).toBe(53);
    expect(leap.advisorHours).toHaveLength(12);
    const first = await analytics(t, cast.orgAdmin, { to: '0001-01-05' });
    expect(first.from).toBe('0001-01-01');
  });
});

describe('statements per request', () => {
  test('the same at a few and at many rows: the session, the caller, and six figures', async ({ counting }) => {
    const db = counting.app.database.db;
    const make = factories(db);
    const { org, owner, member } = await organizationWithPeople(make);
    const advisor = await make.advisor([org.id]);
    const grow = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        const project = await make.project(org.id, { dueDate: `2031-04-${String(1 + (index % 28)).padStart(2, '0')}` });
        const task = await make.task((await make.objective(project.id)).id, { dueDate: '2000-01-01' });
        const ticket = await insertTicket(db, org.id, member.id, { priority: 'high' });
        await db.insert(ticketActivity).values({
          organizationId: org.id,
          ticketId: ticket.id,
          actorId: owner.id,
          kind: 'comment',
        });
        await db.insert(timeEntries).values({
          organizationId: org.id,
          userId: advisor.id,
          recordType: 'task',
          taskId: task.id,
          date: Temporal.Now.plainDateISO('UTC').toString(),
          minutes: 30,
        });
      }
    };
    await grow(1);
    const few = await counting.queriesOfCall(owner.token, analyticsEndpoints.read, {});
    await grow(ANALYTICS_PROJECTS_SHOWN + 5);
    const many = await counting.queriesOfCall(owner.token, analyticsEndpoints.read, {});
    expect(many.count).toBe(few.count);
    expect(many.count).toBe(8);
    const data = many.data as Analytics;
    expect(data.projects).toMatchObject({ total: ANALYTICS_PROJECTS_SHOWN + 6 });
    expect(data.projects.items).toHaveLength(ANALYTICS_PROJECTS_SHOWN);
    expect(data.overdueTasks).toBe(ANALYTICS_PROJECTS_SHOWN + 6);
    expect(data.tickets).toMatchObject({
      opened: ANALYTICS_PROJECTS_SHOWN + 6,
      responded: ANALYTICS_PROJECTS_SHOWN + 6,
    });
  });
});
