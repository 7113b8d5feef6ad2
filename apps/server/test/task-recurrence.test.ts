import {
  type CreateTaskBody,
  organizationEndpoints,
  type TaskDetail,
  taskEndpoints,
  UI_TEXT,
  type UpdateTaskBody,
} from '@smart/contracts';
import { asc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { advisorAssignments, taskSeries, tasks } from '../src/db/schema/index.js';
import { sweepDueSeries } from '../src/modules/tasks/recurrence-sweep.js';
import type { TestApp } from './helpers/app.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

const test = apiTest({ demoData: false }).extend('objective', { scope: 'file' }, async ({ make, cast }) =>
  make.objective((await make.project(cast.organization.id, { title: 'Finance' })).id, { title: 'Month end' }),
);

/** Creates a task as `member` and returns its detail (201 expected). */
async function createTask(t: TestApp, member: Member, objectiveId: string, body: CreateTaskBody): Promise<TaskDetail> {
  const response = await t.call(taskEndpoints.create, { params: { id: objectiveId }, body, token: member.token });
  expect(response.status, response.response.body).toBe(201);
  return response.data;
}

async function updateTask(t: TestApp, member: Member, taskId: string, body: UpdateTaskBody) {
  return t.call(taskEndpoints.update, { params: { id: taskId }, body, token: member.token });
}

async function complete(t: TestApp, member: Member, taskId: string) {
  const response = await t.call(taskEndpoints.setStatus, {
    params: { id: taskId },
    body: { status: 'completed' },
    token: member.token,
  });
  expect(response.status, response.response.body).toBe(200);
  return response.data;
}

/** A series' tasks, oldest date first. */
const seriesTasks = (t: TestApp, seriesId: string) =>
  t.database.db.select().from(tasks).where(eq(tasks.seriesId, seriesId)).orderBy(asc(tasks.occurrenceOn));

async function setZone(t: TestApp, member: Member, organizationId: string, timeZone: string) {
  const response = await t.call(organizationEndpoints.update, {
    params: { id: organizationId },
    body: { timeZone },
    token: member.token,
  });
  expect(response.status, response.response.body).toBe(200);
}

describe('a task that repeats when it is completed', () => {
  test('a monthly task due on the 31st comes back on the 30th, with its text and assignee, once', async ({
    t,
    cast,
    objective,
  }) => {
    const first = await createTask(t, cast.orgAdmin, objective.id, {
      title: 'Payroll',
      description: 'Run payroll and send the slips',
      priority: 'high',
      dueDate: '2026-10-31',
      assignedTo: cast.advisorAssigned.id,
      recurrence: { rule: { frequency: 'monthly', day: 31 }, trigger: 'completion' },
    });
    expect(first.recurrence).toMatchObject({
      label: 'Every month on day 31',
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=31',
      active: true,
      nextDates: ['2026-11-30', '2026-12-31', '2027-01-31'],
    });
    expect(first.activity.map((entry) => [entry.kind, entry.to])).toEqual([
      ['created', 'Payroll'],
      ['recurrence', 'Every month on day 31'],
    ]);
    const seriesId = first.recurrence?.seriesId as string;

    // The assigned advisor completes it; completing it again after reopening makes nothing more.
    await complete(t, cast.advisorAssigned, first.id);
    await t.call(taskEndpoints.setStatus, {
      params: { id: first.id },
      body: { status: 'in_progress' },
      token: cast.advisorAssigned.token,
    });
    await complete(t, cast.advisorAssigned, first.id);
    const made = await seriesTasks(t, seriesId);
    expect(made.map((task) => [task.dueDate, task.status])).toEqual([
      ['2026-10-31', 'completed'],
      ['2026-11-30', 'not_started'],
    ]);
    const second = made[1];
    expect(second).toMatchObject({
      title: 'Payroll',
      description: 'Run payroll and send the slips',
      priority: 'high',
      assignedTo: cast.advisorAssigned.id,
      objectiveId: objective.id,
      createdBy: cast.orgAdmin.id,
    });
    // The assignee finds it on My Tasks with the repeat marker and the series' next dates.
    const mine = await t.call(taskEndpoints.mine, { query: {}, token: cast.advisorAssigned.token });
    const listed = mine.data.find((task) => task.id === second?.id);
    expect(listed?.recurrence).toMatchObject({ active: true, nextDates: ['2026-12-31', '2027-01-31', '2027-02-28'] });
  });

  test('two processes completing the same task at once make one next task', async ({
    t,
    cast,
    objective,
    twoProcesses,
  }) => {
    const { first: one, second: two } = await twoProcesses(t.database);
    const task = await createTask(t, cast.orgAdmin, objective.id, {
      title: 'VAT return',
      dueDate: '2026-03-27',
      recurrence: { rule: { frequency: 'weekly', weekdays: ['friday'] } },
    });
    const answers = await Promise.all(
      [one, two, one, two].map((app) =>
        app.call(taskEndpoints.setStatus, {
          params: { id: task.id },
          body: { status: 'completed' },
          token: cast.orgAdmin.token,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const made = await seriesTasks(t, task.recurrence?.seriesId as string);
    // Berlin and London move their clocks on Sunday 29 March: the next Friday is still the 3rd of April.
    expect(made.map((row) => row.dueDate)).toEqual(['2026-03-27', '2026-04-03']);
  });

  test('a task needs a due date to repeat, and an end on or after it', async ({ t, cast, objective }) => {
    const undated = await t.call(taskEndpoints.create, {
      params: { id: objective.id },
      body: { title: 'Board pack', recurrence: { rule: { frequency: 'monthly', week: 1, weekday: 'monday' } } },
      token: cast.orgAdmin.token,
    });
    expect(undated.status).toBe(400);
    expect(undated.refusal.error).toBe(UI_TEXT.recurrenceNeedsDueDate);
    const endsBefore = await t.call(taskEndpoints.create, {
      params: { id: objective.id },
      body: {
        title: 'Board pack',
        dueDate: '2026-12-07',
        recurrence: { rule: { frequency: 'daily', until: '2026-12-01' } },
      },
      token: cast.orgAdmin.token,
    });
    expect(endsBefore.status).toBe(400);
    expect(endsBefore.refusal.error).toBe(UI_TEXT.recurrenceUntilBeforeStart);
    const junk = await t.request({
      method: 'POST',
      url: `/api/tasks/objectives/${objective.id}`,
      token: cast.orgAdmin.token,
      payload: { title: 'x', dueDate: '2026-12-07', recurrence: { rule: { frequency: 'hourly' } } },
    });
    expect(junk.statusCode).toBe(400);
  });
});

describe('editing and stopping a series', () => {
  test('"this one" keeps the series, "this and the following" changes the next tasks', async ({
    t,
    cast,
    objective,
  }) => {
    const first = await createTask(t, cast.orgAdmin, objective.id, {
      title: 'Board pack',
      dueDate: '2026-12-07',
      recurrence: { rule: { frequency: 'monthly', week: 1, weekday: 'monday' } },
    });
    const seriesId = first.recurrence?.seriesId as string;
    const thisOne = await updateTask(t, cast.orgAdmin, first.id, { title: 'Board pack (December, with audit)' });
    expect(thisOne.status, thisOne.response.body).toBe(200);
    await complete(t, cast.orgAdmin, first.id);
    const [, january] = await seriesTasks(t, seriesId);
    expect(january).toMatchObject({ title: 'Board pack', dueDate: '2027-01-04' });

    // From January on: a new title and a new rule (the last Friday), counted from January's date.
    const following = await updateTask(t, cast.orgAdmin, january?.id as string, {
      title: 'Board pack and minutes',
      dueDate: '2027-01-29',
      recurrence: { rule: { frequency: 'monthly', week: -1, weekday: 'friday', count: 2 } },
      scope: 'following',
    });
    expect(following.status, following.response.body).toBe(200);
    expect(following.data.recurrence).toMatchObject({
      label: 'Every month on the last Friday, 2 times',
      nextDates: ['2027-02-26'],
    });
    await complete(t, cast.orgAdmin, january?.id as string);
    const afterJanuary = await seriesTasks(t, seriesId);
    expect(afterJanuary.map((task) => [task.title, task.dueDate])).toEqual([
      ['Board pack (December, with audit)', '2026-12-07'],
      ['Board pack and minutes', '2027-01-29'],
      ['Board pack and minutes', '2027-02-26'],
    ]);
    // Two times from January: February's was the last; completing it ends the series.
    await complete(t, cast.orgAdmin, afterJanuary[2]?.id as string);
    expect(await seriesTasks(t, seriesId)).toHaveLength(3);
    const [series] = await t.database.db.select().from(taskSeries).where(eq(taskSeries.id, seriesId));
    expect(series?.endedAt).not.toBeNull();
  });

  test('a task moved before older ones does not stall its series on a date an older task holds', async ({
    t,
    cast,
    objective,
  }) => {
    const first = await createTask(t, cast.orgAdmin, objective.id, {
      title: 'Daily check',
      dueDate: '2027-01-01',
      recurrence: { rule: { frequency: 'daily' } },
    });
    const seriesId = first.recurrence?.seriesId as string;
    await complete(t, cast.orgAdmin, first.id);
    const [, second] = await seriesTasks(t, seriesId);
    // The second (2 January) moved to 31 December, from here on: the next date after it is 1 January, which the first holds.
    const moved = await updateTask(t, cast.orgAdmin, second?.id as string, {
      dueDate: '2026-12-31',
      scope: 'following',
    });
    expect(moved.status, moved.response.body).toBe(200);
    await complete(t, cast.orgAdmin, second?.id as string);
    expect((await seriesTasks(t, seriesId)).map((task) => task.dueDate)).toEqual([
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  test('stopping the repeat, or deleting the series, makes no more tasks; deleting one skips to the next', async ({
    t,
    cast,
    objective,
  }) => {
    const stopped = await createTask(t, cast.orgAdmin, objective.id, {
      title: 'Timesheets',
      dueDate: '2026-12-04',
      recurrence: { rule: { frequency: 'weekly', weekdays: ['friday'] } },
    });
    const stop = await updateTask(t, cast.orgAdmin, stopped.id, { recurrence: null });
    expect(stop.status).toBe(200);
    expect(stop.data.recurrence).toMatchObject({ active: false, nextDates: [] });
    expect(stop.data.activity.at(-1)).toMatchObject({ kind: 'recurrence', from: 'Every week on Friday', to: null });
    await complete(t, cast.orgAdmin, stopped.id);
    expect(await seriesTasks(t, stopped.recurrence?.seriesId as string)).toHaveLength(1);

    const skipped = await createTask(t, cast.orgAdmin, objective.id, {
      title: 'Bank reconciliation',
      dueDate: '2026-12-04',
      recurrence: { rule: { frequency: 'weekly', weekdays: ['friday'] } },
    });
    const seriesId = skipped.recurrence?.seriesId as string;
    const removeOne = await t.call(taskEndpoints.remove, {
      params: { id: skipped.id },
      query: { series: 'keep' },
      token: cast.orgAdmin.token,
    });
    expect(removeOne.status).toBe(200);
    const [next] = await seriesTasks(t, seriesId);
    expect(next?.dueDate).toBe('2026-12-11');
    const removeAll = await t.call(taskEndpoints.remove, {
      params: { id: next?.id as string },
      query: { series: 'stop' },
      token: cast.orgAdmin.token,
    });
    expect(removeAll.status).toBe(200);
    expect(await seriesTasks(t, seriesId)).toHaveLength(0);
    const [series] = await t.database.db.select().from(taskSeries).where(eq(taskSeries.id, seriesId));
    expect(series?.endedAt).not.toBeNull();
  });

  test('a plain user may not make a task repeat; an advisor no longer assigned is left off the next task', async ({
    t,
    cast,
    make,
    objective,
  }) => {
    const task = await createTask(t, cast.orgAdmin, objective.id, { title: 'Inventory count', dueDate: '2026-12-31' });
    const byUser = await updateTask(t, cast.user, task.id, { recurrence: { rule: { frequency: 'yearly' } } });
    expect(byUser.status).toBe(403);
    const advisor = await make.advisor([cast.organization.id]);
    const repeating = await createTask(t, cast.orgAdmin, objective.id, {
      title: 'Quarterly review',
      dueDate: '2026-12-31',
      assignedTo: advisor.id,
      recurrence: { rule: { frequency: 'monthly', day: 31, interval: 3 } },
    });
    await t.database.db
      .update(advisorAssignments)
      .set({ isActive: false })
      .where(eq(advisorAssignments.advisorId, advisor.id));
    await complete(t, cast.orgAdmin, repeating.id);
    const [, next] = await seriesTasks(t, repeating.recurrence?.seriesId as string);
    expect(next).toMatchObject({ dueDate: '2027-03-31', assignedTo: null });
  });
});

describe('a task that repeats when its due date passes', () => {
  test('the next task comes after midnight in the organization’s zone, on the days New York and Berlin change clocks', async ({
    t,
    cast,
    make,
  }) => {
    const newYork = await make.organization();
    const newYorkAdmin = await make.member(newYork.id, { role: 'org_admin' });
    await setZone(t, newYorkAdmin, newYork.id, 'America/New_York');
    const nyObjective = await make.objective((await make.project(newYork.id, { title: 'Ops' })).id, { title: 'Daily' });
    const standup = await createTask(t, newYorkAdmin, nyObjective.id, {
      title: 'Cash position',
      dueDate: '2026-11-01',
      recurrence: { rule: { frequency: 'daily' }, trigger: 'due_date' },
    });
    const nySeries = standup.recurrence?.seriesId as string;
    // 1 November 2026, 23:30 in New York (EST since 02:00 that day) is 04:30 UTC on the 2nd: not yet.
    await sweepDueSeries(t.database.db, new Date('2026-11-02T04:30:00Z'));
    expect(await seriesTasks(t, nySeries)).toHaveLength(1);
    await sweepDueSeries(t.database.db, new Date('2026-11-02T05:30:00Z'));
    expect((await seriesTasks(t, nySeries)).map((task) => task.dueDate)).toEqual(['2026-11-01', '2026-11-02']);

    const berlinObjective = await make.objective((await make.project(cast.organization.id, { title: 'HR' })).id, {
      title: 'Weekly',
    });
    await setZone(t, cast.orgAdmin, cast.organization.id, 'Europe/Berlin');
    const rota = await createTask(t, cast.orgAdmin, berlinObjective.id, {
      title: 'Rota',
      dueDate: '2026-03-28',
      recurrence: { rule: { frequency: 'weekly', weekdays: ['saturday'] }, trigger: 'due_date' },
    });
    const berlinSeries = rota.recurrence?.seriesId as string;
    // 23:30 in Berlin on the 28th (CET, UTC+1); then 00:30 on the 29th, the night clocks go forward.
    await sweepDueSeries(t.database.db, new Date('2026-03-28T22:30:00Z'));
    expect(await seriesTasks(t, berlinSeries)).toHaveLength(1);
    await sweepDueSeries(t.database.db, new Date('2026-03-28T23:30:00Z'));
    expect((await seriesTasks(t, berlinSeries)).map((task) => task.dueDate)).toEqual(['2026-03-28', '2026-04-04']);
  });

  test('two processes sweeping at once make each task once; a series far behind skips to today', async ({
    t,
    cast,
    objective,
    twoProcesses,
  }) => {
    const { first: one, second: two } = await twoProcesses(t.database);
    await setZone(t, cast.orgAdmin, cast.organization.id, 'UTC');
    const task = await createTask(t, cast.orgAdmin, objective.id, {
      title: 'Check the mailbox',
      dueDate: '2026-06-01',
      recurrence: { rule: { frequency: 'daily' }, trigger: 'due_date' },
    });
    const now = new Date('2026-06-11T09:00:00Z');
    await Promise.all([one, two, one, two].map((app) => sweepDueSeries(app.database.db, now)));
    const made = await seriesTasks(t, task.recurrence?.seriesId as string);
    // Ten days behind: no ten overdue copies, one task due today.
    expect(made.map((row) => row.dueDate)).toEqual(['2026-06-01', '2026-06-11']);
    await Promise.all([one, two].map((app) => sweepDueSeries(app.database.db, now)));
    expect(await seriesTasks(t, task.recurrence?.seriesId as string)).toHaveLength(2);
  });
});
