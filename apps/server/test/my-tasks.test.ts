import { MY_TASKS_SORTS, type MyTask, type MyTasksQuery, type TaskStatus, taskEndpoints } from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { describe, expect } from 'vitest';
import { tasks, users } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import { endAssignment } from './helpers/assignments.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

/**
 * My Tasks' filters and sorts: status, due date in the caller's own day, organization,
 * and the sort by any field a card shows — each keeping to the tasks the caller reaches.
 */

/** A zone a day ahead of UTC and one behind it: their dates are never the same. */
const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Pago_Pago';

const todayIn = (timeZone: string) => Temporal.Now.plainDateISO(timeZone);
const daysFrom = (date: Temporal.PlainDate, days: number) => date.add({ days }).toString();

async function setTimeZone(t: TestApp, member: Member, timeZone: string) {
  await t.database.db.update(users).set({ timeZone }).where(eq(users.id, member.id));
}

async function setStatus(t: TestApp, taskId: string, status: TaskStatus, progress: number) {
  await t.database.db.update(tasks).set({ status, progress }).where(eq(tasks.id, taskId));
}

/**
 * North (its org_admin Alice and its member Bob, who lives a day ahead of UTC), South, and Gone,
 * three organizations the advisor Vera works for, the last until its assignment ended; Outside
 * beside them.
 */
async function myTasksWorld(t: TestApp, make: Factories) {
  const [north, south, gone, outside] = await Promise.all([
    make.organization({ name: `North ${crypto.randomUUID().slice(0, 8)}` }),
    make.organization({ name: `South ${crypto.randomUUID().slice(0, 8)}` }),
    make.organization(),
    make.organization(),
  ]);
  const [alice, bob, pat, outsider] = await Promise.all([
    make.member(north.id, { role: 'org_admin', firstName: 'Alice', lastName: 'Archer' }),
    make.member(north.id, { firstName: 'Bob', lastName: 'Baker' }),
    make.member(north.id, { firstName: 'Pat', lastName: 'Behind' }),
    make.member(outside.id, { role: 'org_admin' }),
  ]);
  const advisor = await make.advisor([north.id, south.id, gone.id]);
  await setTimeZone(t, alice, AHEAD);
  await setTimeZone(t, bob, AHEAD);
  await setTimeZone(t, pat, BEHIND);
  const today = todayIn(AHEAD);

  const northGoal = await make.objective((await make.project(north.id, { title: 'Zeppelin' })).id, { by: alice });
  const task = (title: string, options: { dueDate?: string; priority?: 'low' | 'medium' | 'high' } = {}) =>
    make.task(northGoal.id, { title, assignedTo: bob.id, by: alice, ...options });
  const late = await task('Late', { dueDate: daysFrom(today, -1), priority: 'high' });
  await setStatus(t, late.id, 'in_progress', 40);
  const doneLate = await task('done late', { dueDate: daysFrom(today, -1), priority: 'low' });
  await setStatus(t, doneLate.id, 'completed', 100);
  await task('Today', { dueDate: today.toString() });
  await task('end of the week', { dueDate: daysFrom(today, 6), priority: 'low' });
  await task('Next week', { dueDate: daysFrom(today, 7), priority: 'high' });
  await task('someday');
  // Pat's, due on Bob's today: not yet Pat's today.
  await make.task(northGoal.id, { title: 'Pat tomorrow', assignedTo: pat.id, by: alice, dueDate: today.toString() });

  const advisorTask = async (organizationId: string, title: string, project: string) => {
    const goal = await make.objective((await make.project(organizationId, { title: project })).id);
    return make.task(goal.id, { title, assignedTo: advisor.id, dueDate: daysFrom(today, 3) });
  };
  await advisorTask(north.id, 'North review', 'Apollo');
  await advisorTask(south.id, 'South review', 'Borealis');
  await advisorTask(gone.id, 'Gone review', 'Comet');
  const admin = await make.admin();
  await endAssignment(t, admin, gone.id, advisor.id);
  return { north, south, outside, people: { alice, bob, pat, advisor, outsider } };
}

const test = apiTest({ demoData: false })
  .extend('world', { scope: 'file' }, ({ t, make }) => myTasksWorld(t, make))
  .extend('myTasks', { scope: 'file' }, ({ t }) => async (query: MyTasksQuery, who: Member) => {
    const response = await t.call(taskEndpoints.mine, { query, token: who.token });
    expect(response.status, response.response.body).toBe(200);
    return response.data as MyTask[];
  })
  .extend(
    'titles',
    { scope: 'file' },
    ({ myTasks }) =>
      async (query: MyTasksQuery, who: Member) =>
        (await myTasks(query, who)).map((task) => task.title),
  );
// The people and tasks are made before the first test (a hook's time, not a test's).
test.beforeAll(async ({ world }) => {
  expect(world.north.id).toBeTruthy();
});

describe('GET /api/tasks/my-tasks filters', () => {
  test('by default: every task assigned to the caller by due date, undated last (as before)', async ({
    world,
    titles,
  }) => {
    expect(await titles({}, world.people.bob)).toEqual([
      'Late',
      'done late',
      'Today',
      'end of the week',
      'Next week',
      'someday',
    ]);
  });

  test.for<[MyTasksQuery, string[]]>([
    // Before today and not completed.
    [{ due: 'overdue' }, ['Late']],
    [{ due: 'today' }, ['Today']],
    // Today and the six days after it.
    [{ due: 'next_7_days' }, ['Today', 'end of the week']],
    [{ due: 'none' }, ['someday']],
    [{ status: 'completed' }, ['done late']],
    [{ status: 'in_progress', due: 'overdue' }, ['Late']],
    [{ status: 'not_started', due: 'overdue' }, []],
  ])("?%o: the caller's tasks that match", async ([query, expected], { world, titles }) => {
    expect(await titles(query, world.people.bob)).toEqual(expected);
  });

  test("'today' is the caller's, in its own time zone", async ({ world, titles }) => {
    // Pat lives a day behind: the task due on Bob's today is not due on Pat's yet.
    expect(await titles({ due: 'today' }, world.people.pat)).toEqual([]);
    expect(await titles({ due: 'next_7_days' }, world.people.pat)).toEqual(['Pat tomorrow']);
    expect(await titles({ due: 'overdue' }, world.people.pat)).toEqual([]);
  });

  test('created by me takes the same filters', async ({ world, titles }) => {
    expect(await titles({ filter: 'created', due: 'overdue' }, world.people.alice)).toEqual(['Late']);
    expect(await titles({ filter: 'created', status: 'completed' }, world.people.alice)).toEqual(['done late']);
  });

  test("an advisor's organization filter keeps to the organizations it works for now", async ({
    world,
    myTasks,
    titles,
  }) => {
    const { advisor } = world.people;
    const all = await myTasks({}, advisor);
    // Gone's task went with the assignment.
    expect(all.map((task) => task.title).sort()).toEqual(['North review', 'South review']);
    expect(all.find((task) => task.title === 'South review')?.organizationName).toBe(world.south.name);
    expect(await titles({ organizationId: world.south.id }, advisor)).toEqual(['South review']);
    expect(await titles({ organizationId: world.outside.id }, advisor)).toEqual([]);
    // A member naming another organization lists nothing of it.
    expect(await titles({ organizationId: world.outside.id }, world.people.bob)).toEqual([]);
    expect(await titles({ organizationId: world.north.id }, world.people.bob)).toHaveLength(6);
  });
});

describe('GET /api/tasks/my-tasks pages', () => {
  test("pages through the caller's tasks in the sort's order; the count is all of them", async ({ world, t }) => {
    const page = async (query: MyTasksQuery) => {
      const response = await t.call(taskEndpoints.mine, { query, token: world.people.bob.token });
      expect(response.status, response.response.body).toBe(200);
      const { body } = response;
      return { titles: body.data.map((task) => task.title), pagination: body.pagination };
    };
    const first = await page({ limit: 4 });
    expect(first).toEqual({
      titles: ['Late', 'done late', 'Today', 'end of the week'],
      pagination: { page: 1, limit: 4, total: 6, pages: 2 },
    });
    expect(await page({ limit: 4, page: 2 })).toEqual({
      titles: ['Next week', 'someday'],
      pagination: { page: 2, limit: 4, total: 6, pages: 2 },
    });
    // A filter's count is of the matching tasks, not of the page.
    expect((await page({ limit: 1, due: 'next_7_days' })).pagination.total).toBe(2);
    expect((await page({ page: 3, limit: 4 })).titles).toEqual([]);
  });

  test.for<MyTasksQuery>([{ limit: 0 }, { limit: 101 }, { page: 0 }, { page: -1 }, { limit: 'ten' }])(
    '?%o is refused',
    async (query, { world, t }) => {
      const response = await t.call(taskEndpoints.mine, { query, token: world.people.bob.token });
      expect(response.status).toBe(400);
    },
  );
});

describe('GET /api/tasks/my-tasks sorts', () => {
  test.for<[MyTasksQuery, string[]]>([
    [{ sort: 'title' }, ['done late', 'end of the week', 'Late', 'Next week', 'someday', 'Today']],
    [{ sort: 'title', order: 'desc' }, ['Today', 'someday', 'Next week', 'Late', 'end of the week', 'done late']],
    // High first; within one priority soonest due first, undated last, whichever way the sort runs.
    [{ sort: 'priority' }, ['Late', 'Next week', 'Today', 'someday', 'done late', 'end of the week']],
    [{ sort: 'status' }, ['Today', 'end of the week', 'Next week', 'someday', 'Late', 'done late']],
    [{ sort: 'progress', order: 'desc' }, ['done late', 'Late']],
    [{ sort: 'dueDate', order: 'desc' }, ['Next week', 'end of the week', 'Today', 'Late', 'done late', 'someday']],
  ])('?%o', async ([query, expected], { world, titles }) => {
    const listed = await titles(query, world.people.bob);
    expect(listed.slice(0, expected.length)).toEqual(expected);
  });

  test('by organization and by project, for an advisor', async ({ world, titles }) => {
    const { advisor } = world.people;
    expect(await titles({ sort: 'organization' }, advisor)).toEqual(['North review', 'South review']);
    expect(await titles({ sort: 'organization', order: 'desc' }, advisor)).toEqual(['South review', 'North review']);
    expect(await titles({ sort: 'project', order: 'desc' }, advisor)).toEqual(['South review', 'North review']);
  });

  test('every sort lists the same tasks, in one order, either way', async ({ world, myTasks }) => {
    const ids = async (query: MyTasksQuery) => (await myTasks(query, world.people.bob)).map((task) => task._id);
    const expected = (await ids({})).sort();
    for (const sort of MY_TASKS_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const listed = await ids({ sort, order });
        expect([...listed].sort(), sort).toEqual(expected);
        expect(await ids({ sort, order }), sort).toEqual(listed);
      }
    }
  });

  test.for([
    'sort=secret',
    'sort=dueDate;drop table tasks',
    'order=upwards',
    'due=tomorrow',
    'due=',
    'status=done',
    'organizationId=nope',
    'due=today%00',
  ])('?%s: 400', async (query, { t, world }) => {
    // Malformed queries, as an outside client might send them.
    const response = await t.request({
      token: world.people.bob.token,
      method: 'GET',
      url: `/api/tasks/my-tasks?${query}`,
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});
