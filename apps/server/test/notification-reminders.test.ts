import { notificationEndpoints } from '@smart/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskReminders, tasks, users } from '../src/db/schema/index.js';
import { sweepReminders } from '../src/modules/tasks/reminders.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { type Factories, factories, type Member } from './helpers/factories.js';

/**
 * Due-date reminders at the edges of the assignee's day: the sweep is driven with the
 * instant it should believe is now, and each reminder is given once, in the assignee's time zone.
 */
let t: TestApp;
let make: Factories;
let objective: { id: string; projectId: string; organizationId: string };
let people: Record<'tokyo' | 'newYork' | 'berlin' | 'utc', Member>;

beforeAll(async () => {
  t = await createTestApp({ demoData: false });
  make = factories(t.app.db);
  const org = await make.organization();
  const project = await make.project(org.id);
  const created = await make.objective(project.id);
  objective = { id: created.id, projectId: project.id, organizationId: org.id };
  const zones = { tokyo: 'Asia/Tokyo', newYork: 'America/New_York', berlin: 'Europe/Berlin', utc: null };
  const entries = await Promise.all(
    Object.entries(zones).map(async ([name, zone]) => {
      const member = await make.member(org.id);
      await t.app.db.update(users).set({ timeZone: zone }).where(eq(users.id, member.id));
      return [name, member] as const;
    }),
  );
  people = Object.fromEntries(entries) as typeof people;
});
afterAll(async () => {
  await t?.close();
});

/** A task straight in the database (no "assigned" notification of its own). */
async function task(values: { dueDate: string | null; assignedTo: Member | null; status?: 'completed' }) {
  const [row] = await t.app.db
    .insert(tasks)
    .values({
      organizationId: objective.organizationId,
      projectId: objective.projectId,
      objectiveId: objective.id,
      title: `Due ${values.dueDate}`,
      dueDate: values.dueDate,
      assignedTo: values.assignedTo?.id ?? null,
      createdBy: (await make.admin()).id,
      ...(values.status && { status: values.status }),
    })
    .returning({ id: tasks.id });
  if (!row) throw new Error('task not created');
  return row.id;
}

/** The reminders a task has been given, after a sweep at `at`. */
async function sweepAt(at: string, taskId: string) {
  await sweepReminders(t.app.db, new Date(at));
  const given = await t.app.db
    .select({ kind: taskReminders.kind })
    .from(taskReminders)
    .where(eq(taskReminders.taskId, taskId));
  return given.map((row) => row.kind).sort();
}

describe('due tomorrow, due today, overdue in the assignee’s day', () => {
  it('Asia/Tokyo: "due tomorrow" from 08:00 local the day before, once; "due today" from 08:00; overdue at local midnight', async () => {
    const id = await task({ dueDate: '2026-06-11', assignedTo: people.tokyo });
    // 2026-06-10 07:59 in Tokyo (UTC+9).
    expect(await sweepAt('2026-06-09T22:59:00Z', id)).toEqual([]);
    expect(await sweepAt('2026-06-09T23:00:00Z', id)).toEqual(['due_tomorrow']);
    expect(await sweepAt('2026-06-09T23:30:00Z', id)).toEqual(['due_tomorrow']);
    // 2026-06-11 07:59, then 08:00 in Tokyo.
    expect(await sweepAt('2026-06-10T22:59:00Z', id)).toEqual(['due_tomorrow']);
    expect(await sweepAt('2026-06-10T23:00:00Z', id)).toEqual(['due_today', 'due_tomorrow']);
    // 2026-06-11 23:59, then midnight of the 12th in Tokyo.
    expect(await sweepAt('2026-06-11T14:59:00Z', id)).toEqual(['due_today', 'due_tomorrow']);
    expect(await sweepAt('2026-06-11T15:00:00Z', id)).toEqual(['due_today', 'due_tomorrow', 'overdue']);
    expect(await sweepAt('2026-06-12T15:00:00Z', id)).toEqual(['due_today', 'due_tomorrow', 'overdue']);
  });

  it('one instant is a different day in New York and in Tokyo', async () => {
    const inNewYork = await task({ dueDate: '2026-07-02', assignedTo: people.newYork });
    const inTokyo = await task({ dueDate: '2026-07-02', assignedTo: people.tokyo });
    // 2026-07-01 19:30 in New York (UTC-4), 2026-07-02 08:30 in Tokyo.
    expect(await sweepAt('2026-07-01T23:30:00Z', inNewYork)).toEqual(['due_tomorrow']);
    expect(await sweepAt('2026-07-01T23:30:00Z', inTokyo)).toEqual(['due_today']);
  });

  it('a person without a time zone is reminded in UTC', async () => {
    const id = await task({ dueDate: '2026-08-05', assignedTo: people.utc });
    expect(await sweepAt('2026-08-04T07:59:59Z', id)).toEqual([]);
    expect(await sweepAt('2026-08-04T08:00:00Z', id)).toEqual(['due_tomorrow']);
  });

  it('a zone PostgreSQL does not know counts as UTC, and the others are still reminded', async () => {
    const stranger = await make.member(objective.organizationId);
    await t.app.db.update(users).set({ timeZone: 'Mars/Olympus_Mons' }).where(eq(users.id, stranger.id));
    const id = await task({ dueDate: '2026-08-20', assignedTo: stranger });
    const inTokyo = await task({ dueDate: '2026-08-20', assignedTo: people.tokyo });
    expect(await sweepAt('2026-08-19T07:59:00Z', id)).toEqual([]);
    expect(await sweepAt('2026-08-19T08:00:00Z', id)).toEqual(['due_tomorrow']);
    expect(await sweepAt('2026-08-19T08:00:00Z', inTokyo)).toEqual(['due_tomorrow']);
  });

  it.each([
    // The days the clocks change: 08:00 local is a different UTC hour than the day before.
    { zone: 'newYork', day: '2026-03-08', morning: '2026-03-08T12:00:00Z' },
    { zone: 'newYork', day: '2026-11-01', morning: '2026-11-01T13:00:00Z' },
    { zone: 'berlin', day: '2026-03-29', morning: '2026-03-29T06:00:00Z' },
    { zone: 'berlin', day: '2026-10-25', morning: '2026-10-25T07:00:00Z' },
  ] as const)('$zone on $day (clocks change): "due today" at 08:00 local, $morning', async ({ zone, day, morning }) => {
    const id = await task({ dueDate: day, assignedTo: people[zone] });
    const aMinuteBefore = new Date(new Date(morning).getTime() - 60_000).toISOString();
    expect(await sweepAt(aMinuteBefore, id)).not.toContain('due_today');
    expect(await sweepAt(morning, id)).toContain('due_today');
  });
});

describe('who is not reminded', () => {
  it('completed and unassigned tasks get nothing, nor a task overdue for longer than the look-back', async () => {
    const completed = await task({ dueDate: '2026-09-10', assignedTo: people.utc, status: 'completed' });
    const unassigned = await task({ dueDate: '2026-09-10', assignedTo: null });
    const longOverdue = await task({ dueDate: '2026-08-01', assignedTo: people.utc });
    for (const at of ['2026-09-09T09:00:00Z', '2026-09-10T09:00:00Z', '2026-09-11T09:00:00Z']) {
      expect(await sweepAt(at, completed)).toEqual([]);
      expect(await sweepAt(at, unassigned)).toEqual([]);
      expect(await sweepAt(at, longOverdue)).toEqual([]);
    }
  });
});

describe('exactly once', () => {
  it('two sweeps at once, in small batches, give each reminder once and tell the assignee once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 7 }, () => task({ dueDate: '2026-10-15', assignedTo: people.berlin })),
    );
    const follower = people.utc;
    const followed = await t.call(notificationEndpoints.subscribe, {
      params: { recordType: 'project', recordId: objective.projectId },
      as: { token: follower.token },
      body: { mode: 'follow' },
    });
    expect(followed.status).toBe(200);
    // 2026-10-15 09:00 in Berlin: "due today" for each.
    const at = new Date('2026-10-15T07:00:00Z');
    const [first, second] = await Promise.all([sweepReminders(t.app.db, at, 3), sweepReminders(t.app.db, at, 3)]);
    const given = await t.app.db
      .select({ taskId: taskReminders.taskId })
      .from(taskReminders)
      .where(and(inArray(taskReminders.taskId, ids), eq(taskReminders.kind, 'due_today')));
    expect(given).toHaveLength(ids.length);
    // Nothing else in this file is owed at that instant: the two sweeps together gave exactly these.
    expect(first + second).toBe(ids.length);

    // Each becomes one item in the assignee's inbox, from nobody; a follower of the project hears none of it.
    await expect
      .poll(
        async () => {
          const page = await t.call(notificationEndpoints.list, {
            query: { status: 'all', limit: 100 },
            as: { token: people.berlin.token },
          });
          return page.data
            .filter((item: { type: string; record: { id: string } }) => ids.includes(item.record.id))
            .map((item: { type: string; text: string; actor: unknown }) => [item.type, item.text, item.actor]);
        },
        { timeout: 15_000, interval: 100 },
      )
      .toEqual(ids.map(() => ['task_due_today', 'The task "Due 2026-10-15" is due today', null]));
    const followerSees = await t.call(notificationEndpoints.list, {
      query: { status: 'all', limit: 100 },
      as: { token: follower.token },
    });
    expect(followerSees.data.filter((item: { record: { id: string } }) => ids.includes(item.record.id))).toEqual([]);
  });
});
