import {
  type ErrorResponse,
  MAX_MINUTES_PER_DAY,
  timeEntryEndpoints,
  timerDayFullMessage,
  UI_TEXT,
  type UpdateTimeEntryBody,
} from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { runningTimers, timeEntries } from '../src/db/schema/index.js';
import type { TestApp } from './helpers/app.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

/**
 * A person's day holds at most 24 hours of entries (docs/decisions/0193): adding, changing (the
 * entry's own person's day, whoever changes it) and a stopped timer (clamped to what is left), and
 * two writes at once cannot both pass.
 */
const test = apiTest({ demoData: false });
const DAY = '2031-03-04';

/** A new organization's member and org_admin, and a task the member created there. */
async function team(make: Factories) {
  const organization = await make.organization();
  const [member, orgAdmin] = await Promise.all([
    make.member(organization.id),
    make.member(organization.id, { role: 'org_admin' }),
  ]);
  const objective = await make.objective((await make.project(organization.id)).id);
  const task = await make.task(objective.id, { by: member });
  return { member, orgAdmin, task };
}

const add = (t: TestApp, person: Member, taskId: string, minutes: number, date = DAY) =>
  t.call(timeEntryEndpoints.create, {
    as: person,
    body: { recordType: 'task', recordId: taskId, date, minutes },
  });

async function added(t: TestApp, person: Member, taskId: string, minutes: number, date = DAY) {
  const response = await add(t, person, taskId, minutes, date);
  expect(response.status, response.response.body).toBe(201);
  return response.data;
}

const change = (t: TestApp, person: Member, id: string, body: UpdateTimeEntryBody) =>
  t.call(timeEntryEndpoints.update, { params: { id }, as: person, body });

/** The person's minutes on the day, as stored. */
async function dayTotal(t: TestApp, person: Member, date = DAY) {
  const rows = await t.database.db
    .select({ minutes: timeEntries.minutes })
    .from(timeEntries)
    .where(and(eq(timeEntries.userId, person.id), eq(timeEntries.date, date)));
  return rows.reduce((sum, row) => sum + row.minutes, 0);
}

/** A 400 about the minutes, with the message under the field too. */
function expectDayFull(
  answer: { status: number; refusal: ErrorResponse; response: LightMyRequestResponse },
  message: string,
) {
  expect(answer.status, answer.response.body).toBe(400);
  expect(answer.refusal).toMatchObject({ error: message, details: [{ path: 'minutes', message }] });
}

describe('adding time', () => {
  test('a day takes entries up to 24 hours; past them it says what the day holds and what fits', async ({
    t,
    make,
  }) => {
    const { member, orgAdmin, task } = await team(make);
    await added(t, member, task.id, 1000);
    await added(t, member, task.id, 400);
    expectDayFull(
      await add(t, member, task.id, 41),
      'A day holds at most 24 h: 03/04/2031 has 23 h 20 min recorded already, so at most 40 min more fit',
    );
    await added(t, member, task.id, 40);
    expect(await dayTotal(t, member)).toBe(MAX_MINUTES_PER_DAY);
    expectDayFull(await add(t, member, task.id, 1), 'A day holds at most 24 h: 03/04/2031 has 24 h recorded already');
    // The next day is another day, and someone else's time is theirs.
    await added(t, member, task.id, MAX_MINUTES_PER_DAY, '2031-03-05');
    await added(t, orgAdmin, task.id, MAX_MINUTES_PER_DAY);
  });

  test('two entries at once that together pass the day: exactly one is saved', async ({ t, make }) => {
    const { member, task } = await team(make);
    const statuses = (await Promise.all([800, 800, 800].map((minutes) => add(t, member, task.id, minutes)))).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([201, 400, 400]);
    expect(await dayTotal(t, member)).toBe(800);
  });
});

describe('changing time', () => {
  test("raising an entry's minutes or moving it to a full day counts the day's other entries, not itself", async ({
    t,
    make,
  }) => {
    const { member, task } = await team(make);
    const big = await added(t, member, task.id, 1000);
    const small = await added(t, member, task.id, 400);
    const elsewhere = await added(t, member, task.id, 100, '2031-03-05');

    expectDayFull(
      await change(t, member, small.id, { minutes: 441 }),
      'A day holds at most 24 h: 03/04/2031 has 16 h 40 min recorded already, so at most 7 h 20 min more fit',
    );
    expect((await change(t, member, small.id, { minutes: 440 })).status).toBe(200);
    // Its own minutes are not counted twice: the big one may take the whole of what is left.
    expect((await change(t, member, big.id, { minutes: 1000, note: 'Same' })).status).toBe(200);

    expectDayFull(
      await change(t, member, elsewhere.id, { date: DAY }),
      'A day holds at most 24 h: 03/04/2031 has 24 h recorded already',
    );
    expectDayFull(
      await change(t, member, elsewhere.id, { date: DAY, minutes: 1 }),
      'A day holds at most 24 h: 03/04/2031 has 24 h recorded already',
    );
    const [stayed] = await t.database.db.select().from(timeEntries).where(eq(timeEntries.id, elsewhere.id));
    expect(stayed).toMatchObject({ date: '2031-03-05', minutes: 100 });
    // A note or billable alone changes nothing of the day; fewer minutes always fit.
    expect((await change(t, member, small.id, { note: 'Checked', billable: false })).status).toBe(200);
    expect((await change(t, member, small.id, { minutes: 300 })).status).toBe(200);
    expect(await dayTotal(t, member)).toBe(1300);
  });

  test("an org_admin changing a member's entry is held to the member's day, not its own", async ({ t, make }) => {
    const { member, orgAdmin, task } = await team(make);
    await added(t, member, task.id, 1000);
    const entry = await added(t, member, task.id, 400);
    // The org_admin's own full day on the same date does not count.
    await added(t, orgAdmin, task.id, MAX_MINUTES_PER_DAY);

    expectDayFull(
      await change(t, orgAdmin, entry.id, { minutes: 500 }),
      'A day holds at most 24 h: 03/04/2031 has 16 h 40 min recorded already, so at most 7 h 20 min more fit',
    );
    const raised = await change(t, orgAdmin, entry.id, { minutes: 440 });
    expect(raised.status, raised.response.body).toBe(200);
    expect(await dayTotal(t, member)).toBe(MAX_MINUTES_PER_DAY);
  });

  test('a day already over 24 hours from before the rule can be brought down, not raised', async ({ t, make }) => {
    const { member, task } = await team(make);
    const [first] = await t.database.db
      .insert(timeEntries)
      .values(
        [900, 900].map((minutes) => ({
          organizationId: task.organizationId,
          userId: member.id,
          recordType: 'task' as const,
          taskId: task.id,
          date: DAY,
          minutes,
        })),
      )
      .returning({ id: timeEntries.id });
    const id = first!.id;
    expect((await change(t, member, id, { minutes: 901 })).status).toBe(400);
    expect((await change(t, member, id, { minutes: 800 })).status).toBe(200);
    expect((await change(t, member, id, { note: 'Too much that day' })).status).toBe(200);
    expect(await dayTotal(t, member)).toBe(1700);
  });
});

describe('stopping the timer', () => {
  /** A day in the past: a timer started then has run for longer than a day. */
  const PAST = '2025-03-04';
  /** The member's timer on the task, started on PAST (in UTC: the member has no zone). */
  async function timerOn(t: TestApp, member: Member, task: { id: string; organizationId: string }) {
    await t.database.db.insert(runningTimers).values({
      userId: member.id,
      organizationId: task.organizationId,
      recordType: 'task',
      taskId: task.id,
      startedAt: new Date(`${PAST}T09:00:00Z`),
    });
  }
  const stop = (t: TestApp, member: Member) => t.call(timeEntryEndpoints.stopTimer, { as: member });
  const timer = async (t: TestApp, member: Member) => (await t.call(timeEntryEndpoints.timer, { as: member })).data;

  test('its minutes are what is left of the day it started', async ({ t, make }) => {
    const { member, task } = await team(make);
    await added(t, member, task.id, 1400, PAST);
    await timerOn(t, member, task);
    const stopped = await stop(t, member);
    expect(stopped.status, stopped.response.body).toBe(201);
    expect(stopped.data).toMatchObject({ date: PAST, minutes: 40 });
    expect(await dayTotal(t, member, PAST)).toBe(MAX_MINUTES_PER_DAY);
    expect(await timer(t, member)).toBeNull();
  });

  test('on a full day it is refused with what to do, and keeps running', async ({ t, make }) => {
    const { member, task } = await team(make);
    await added(t, member, task.id, MAX_MINUTES_PER_DAY, PAST);
    await timerOn(t, member, task);
    const refused = await stop(t, member);
    expect(refused.status).toBe(409);
    expect(refused.refusal.error).toBe(timerDayFullMessage(PAST));
    expect(refused.refusal.error).toBe(
      "A day holds at most 24 h: 03/04/2025 is full. Discard the timer, or correct that day's entries and stop it again.",
    );
    expect(await timer(t, member)).toMatchObject({ recordId: task.id, startedAt: `${PAST}T09:00:00.000Z` });
    expect(await dayTotal(t, member, PAST)).toBe(MAX_MINUTES_PER_DAY);

    const discarded = await t.call(timeEntryEndpoints.discardTimer, { as: member });
    expect(discarded.body.message).toBe(UI_TEXT.timerDiscarded);
    expect(await timer(t, member)).toBeNull();
  });
});
