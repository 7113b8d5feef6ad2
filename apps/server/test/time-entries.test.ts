import {
  type CreateTimeEntryBody,
  MAX_STATEMENT_ENTRIES,
  MAX_TIME_ENTRY_MINUTES,
  MAX_TIME_NOTE_LENGTH,
  TIME_ENTRY_EDIT_DAYS,
  TIMER_EVENTS,
  type TimeEntryListQuery,
  type TimeSummaryQuery,
  type TimesheetPdfQuery,
  taskEndpoints,
  timeEntryEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { runningTimers, timeEntries, users } from '../src/db/schema/index.js';
import { createSession } from '../src/modules/session-store/store.js';
import type { TestApp } from './helpers/app.js';
import { endAssignment } from './helpers/assignments.js';
import {
  authzMatrix,
  type Cast,
  everyoneSignedIn,
  ORGANIZATION_READERS,
  type Statuses,
} from './helpers/authz-matrix.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { pdfPageCount, pdfTextLines } from './helpers/pdf-text.js';
import type { LiveSockets } from './helpers/sockets.js';
import { insertTicket } from './helpers/tickets.js';
import { personWithEntries, statementQuery } from './helpers/time-entries.js';

/**
 * Time entries and the timer: who records and changes time, the one running timer per
 * person seen from every device, its entry dated in the person's zone, and the edit window.
 */
const test = apiTest({ demoData: false });
const SESSION_TTL_MS = 60 * 60 * 1000;

/** A task of the cast's organization created by its user and assigned to its advisor, and a ticket the user raised. */
async function workOf(make: Factories, cast: Cast) {
  const project = await make.project(cast.organization.id, { by: cast.user });
  const objective = await make.objective(project.id, { by: cast.user });
  const task = await make.task(objective.id, {
    by: cast.user,
    assignedTo: cast.advisorAssigned.id,
    title: 'Audit the books',
  });
  return { task, objective, project };
}

async function entryBy(t: TestApp, member: Member, body: CreateTimeEntryBody) {
  const response = await t.call(timeEntryEndpoints.create, { as: member, body });
  expect(response.status, response.response.body).toBe(201);
  return response.data;
}

/**
 * A March 2031 day, another each time: the cast's people record again and again in this file, and
 * a person's day holds at most 24 hours.
 */
let daysUsed = 0;
const aMarchDay = () => `2031-03-${String((daysUsed++ % 31) + 1).padStart(2, '0')}`;

const onTask = (taskId: string, extra: Partial<CreateTimeEntryBody> = {}): CreateTimeEntryBody => ({
  recordType: 'task',
  recordId: taskId,
  date: aMarchDay(),
  minutes: 90,
  note: 'Reconciled March',
  billable: true,
  ...extra,
});

/** Who may record time on the task: its assignee (the advisor), its creator, the org_admin, admin. */
const RECORDERS: Statuses = {
  admin: 201,
  orgAdmin: 201,
  user: 201,
  advisorAssigned: 201,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
};
/** Changing the user's entry: the user, the org_admin, admin; the advisor reads it on the task: 403. */
const ENTRY_CHANGERS = (ok: number): Statuses => ({
  admin: ok,
  orgAdmin: ok,
  user: ok,
  advisorAssigned: 403,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
});

authzMatrix('who records, reads and changes time', {
  test,
  arrange: async (cast, { t, make }) => {
    const { task } = await workOf(make, cast);
    const ticket = await insertTicket(t.database.db, cast.organization.id, cast.user.id, { title: 'Payroll question' });
    const entry = await entryBy(t, cast.user, onTask(task.id));
    return { task, ticket, entry };
  },
  routes: [
    {
      route: 'POST /api/time-entries (task)',
      request: ({ task }) => ({ method: 'POST', url: '/api/time-entries', payload: onTask(task.id) }),
      statuses: RECORDERS,
    },
    {
      route: 'POST /api/time-entries (ticket)',
      request: ({ ticket }) => ({
        method: 'POST',
        url: '/api/time-entries',
        payload: { ...onTask(ticket.id), recordType: 'ticket' },
      }),
      statuses: RECORDERS,
    },
    {
      route: "GET /api/time-entries (the task's)",
      request: ({ task }) => ({ method: 'GET', url: `/api/time-entries?recordType=task&recordId=${task.id}` }),
      statuses: { ...RECORDERS, admin: 200, orgAdmin: 200, user: 200, advisorAssigned: 200 },
    },
    {
      route: "GET /api/time-entries/summary (the task's)",
      request: ({ task }) => ({ method: 'GET', url: `/api/time-entries/summary?recordType=task&recordId=${task.id}` }),
      statuses: { ...RECORDERS, admin: 200, orgAdmin: 200, user: 200, advisorAssigned: 200 },
    },
    {
      route: "GET /api/time-entries/summary (the project's)",
      request: ({ task }) => ({
        method: 'GET',
        url: `/api/time-entries/summary?recordType=project&recordId=${task.projectId}`,
      }),
      statuses: { ...RECORDERS, admin: 200, orgAdmin: 200, user: 200, advisorAssigned: 200 },
    },
    {
      route: 'GET /api/time-entries/timesheet',
      request: () => ({ method: 'GET', url: '/api/time-entries/timesheet?from=2031-01-01&to=2031-12-31' }),
      statuses: everyoneSignedIn(200),
    },
    {
      // The user's statement names the organization from its entry; the others' from the
      // organization they act in (an empty statement); to anyone else it does not exist.
      route: "GET /api/time-entries/timesheet.pdf (the organization's)",
      request: (_, people) => ({
        method: 'GET',
        url: `/api/time-entries/timesheet.pdf?from=2031-03-01&to=2031-03-31&organizationId=${people.organization.id}`,
      }),
      statuses: ORGANIZATION_READERS,
    },
    {
      route: 'PUT /api/time-entries/:id',
      request: ({ entry }) => ({ method: 'PUT', url: `/api/time-entries/${entry.id}`, payload: { minutes: 30 } }),
      statuses: ENTRY_CHANGERS(200),
    },
    {
      route: 'DELETE /api/time-entries/:id',
      request: ({ entry }) => ({ method: 'DELETE', url: `/api/time-entries/${entry.id}` }),
      statuses: ENTRY_CHANGERS(200),
    },
    {
      route: 'POST /api/time-entries/timer/start',
      request: ({ task }) => ({
        method: 'POST',
        url: '/api/time-entries/timer/start',
        payload: { recordType: 'task', recordId: task.id },
      }),
      statuses: RECORDERS,
    },
    {
      route: 'GET /api/time-entries/timer',
      request: () => ({ method: 'GET', url: '/api/time-entries/timer' }),
      statuses: everyoneSignedIn(200),
    },
    {
      // Everyone discards its own timer (here one running on the task): nobody reaches another's.
      route: 'POST /api/time-entries/timer/discard',
      request: async ({ task }, people, actor, { t }) => {
        if (actor !== 'anonymous') await timerRunningFor(t, people[actor], task);
        return { method: 'POST', url: '/api/time-entries/timer/discard' };
      },
      statuses: everyoneSignedIn(200),
    },
  ],
});

/** The person's timer, running on the task since `startedAt` (whatever ran before is replaced). */
async function timerRunningFor(
  t: TestApp,
  person: Member,
  task: { id: string; organizationId: string },
  startedAt = new Date(),
) {
  const db = t.database.db;
  await db.delete(runningTimers).where(eq(runningTimers.userId, person.id));
  await db.insert(runningTimers).values({
    userId: person.id,
    organizationId: task.organizationId,
    recordType: 'task',
    taskId: task.id,
    startedAt,
  });
}

describe('the timer', () => {
  test('one runs per person, seen from a second device; stopping makes an entry once', async ({ t, make, cast }) => {
    const { task } = await workOf(make, cast);
    const advisor = cast.advisorAssigned;
    // The file's cast is shared: a timer the matrix left running is not this test's.
    await t.database.db.delete(runningTimers).where(eq(runningTimers.userId, advisor.id));
    const start = () =>
      t.call(timeEntryEndpoints.startTimer, { as: advisor, body: { recordType: 'task', recordId: task.id } });
    expect((await start()).status).toBe(201);
    // A second device signs in as the same person and sees the running timer.
    const secondDevice = await createSession(t.database.db, advisor.id, SESSION_TTL_MS);
    const seen = await t.call(timeEntryEndpoints.timer, { token: secondDevice });
    expect(seen.data).toMatchObject({ recordType: 'task', recordId: task.id, recordTitle: 'Audit the books' });
    const again = await start();
    expect(again.status).toBe(409);
    expect(again.refusal.error).toBe(UI_TEXT.timerAlreadyRunning);

    const stops = await Promise.all(
      [advisor.token, secondDevice].map((token) => t.call(timeEntryEndpoints.stopTimer, { token })),
    );
    expect(stops.map((response) => response.status).sort()).toEqual([201, 404]);
    const stopped = stops.find((response) => response.status === 201)?.data;
    expect(stopped).toMatchObject({ recordType: 'task', recordId: task.id, minutes: 1, billable: true });
    expect(stopped?.user?.id).toBe(advisor.id);
    const entries = await t.database.db.select().from(timeEntries).where(eq(timeEntries.taskId, task.id));
    expect(entries).toHaveLength(1);
    const after = await t.call(timeEntryEndpoints.timer, { as: advisor });
    expect(after.data).toBeNull();
  });

  test.for([
    // New York's clocks go forward at 07:00 UTC on 8 March 2026: 01:30 EST, and 23:30 EST the day before.
    ['America/New_York', '2026-03-08T06:30:00Z', '2026-03-08'],
    ['America/New_York', '2026-03-08T04:30:00Z', '2026-03-07'],
    ['Pacific/Kiritimati', '2026-03-07T12:00:00Z', '2026-03-08'],
    [null, '2026-03-07T23:59:00Z', '2026-03-07'],
  ] as const)(
    'a timer started in %s at %s is dated %s (its day in the person’s zone), at most a day long',
    async ([zone, startedAt, day], { t, make, cast }) => {
      const { task } = await workOf(make, cast);
      const person = cast.user;
      const db = t.database.db;
      await db.update(users).set({ timeZone: zone }).where(eq(users.id, person.id));
      // Its day holds nothing else: the whole day's minutes fit.
      await db.delete(timeEntries).where(eq(timeEntries.userId, person.id));
      await timerRunningFor(t, person, task, new Date(startedAt));
      const stopped = await t.call(timeEntryEndpoints.stopTimer, { as: person });
      expect(stopped.status, stopped.response.body).toBe(201);
      expect(stopped.data).toMatchObject({ date: day, minutes: MAX_TIME_ENTRY_MINUTES });
    },
  );

  test('discarding throws the running timer away: no entry, a second discard 404, nobody else’s touched, every device told', async ({
    t,
    make,
    sockets,
  }) => {
    const organization = await make.organization();
    const [person, colleague] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
    const task = await make.task((await make.objective((await make.project(organization.id)).id)).id, {
      by: person,
      title: 'Started by mistake',
    });
    const [otherDevice, colleagueSocket] = await Promise.all([sockets.connect(person), sockets.connect(colleague)]);
    await timerRunningFor(t, colleague, task);

    const discard = () => t.call(timeEntryEndpoints.discardTimer, { as: person });
    const [heard, colleagueHeard] = await sockets.heardBy(
      [otherDevice, colleagueSocket],
      TIMER_EVENTS.changed,
      async () => {
        const started = await t.call(timeEntryEndpoints.startTimer, {
          as: person,
          body: { recordType: 'task', recordId: task.id },
        });
        expect(started.status, started.response.body).toBe(201);
        const discarded = await discard();
        expect(discarded.status, discarded.response.body).toBe(200);
        expect(discarded.body).toEqual({ success: true, message: UI_TEXT.timerDiscarded });
      },
    );
    expect(heard).toEqual([{ change: 'started' }, { change: 'discarded' }]);
    expect(colleagueHeard).toEqual([]);

    const timer = await t.call(timeEntryEndpoints.timer, { as: person });
    expect(timer.data).toBeNull();
    expect(await t.database.db.select().from(timeEntries).where(eq(timeEntries.taskId, task.id))).toEqual([]);
    const again = await discard();
    expect(again.status).toBe(404);
    expect(again.refusal.error).toBe(UI_TEXT.timerNotRunning);
    // The colleague's timer on the same task still runs.
    const theirs = await t.call(timeEntryEndpoints.timer, { as: colleague });
    expect(theirs.data).toMatchObject({ recordId: task.id, recordTitle: 'Started by mistake' });
  });

  test('stopping with none running is a 404 that says so', async ({ t, make }) => {
    const loner = await make.member((await make.organization()).id);
    const response = await t.call(timeEntryEndpoints.stopTimer, { as: loner });
    expect(response.status).toBe(404);
    expect(response.refusal.error).toBe(UI_TEXT.timerNotRunning);
  });
});

/**
 * Every change of time checks the person's right to record on the record now, not only
 * "its own entry within the window": an advisor whose assignment ended, a member moved to another
 * organization, a member whose task was handed over. A timer running on such a record is
 * discarded when stopped, saying so (every device told), and no entry is made.
 */
describe('after the right to record is lost', () => {
  /** An organization with its org_admin, a member and an advisor, and a task of the org_admin's for `assignee`. */
  async function organizationWithTask(make: Factories, assignee: 'member' | 'advisor') {
    const organization = await make.organization();
    const [orgAdmin, member, advisor] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
      make.advisor([organization.id]),
    ]);
    const objective = await make.objective((await make.project(organization.id, { by: orgAdmin })).id, {
      by: orgAdmin,
    });
    const task = await make.task(objective.id, {
      by: orgAdmin,
      assignedTo: (assignee === 'member' ? member : advisor).id,
      title: 'Close the quarter',
    });
    return { organization, orgAdmin, member, advisor, task };
  }

  const change = (t: TestApp, member: Member, method: 'PUT' | 'DELETE', entryId: string) => {
    const params = { id: entryId };
    return method === 'PUT'
      ? t.call(timeEntryEndpoints.update, { params, as: member, body: { minutes: 600, billable: true } })
      : t.call(timeEntryEndpoints.remove, { params, as: member });
  };
  const stop = (t: TestApp, member: Member) => t.call(timeEntryEndpoints.stopTimer, { as: member });

  /** The stop refused with `status`, saying the timer was discarded; the timer gone, no entry made, the other device told. */
  async function expectTimerDiscarded(t: TestApp, sockets: LiveSockets, member: Member, status: number) {
    const entriesOf = () => t.database.db.select().from(timeEntries).where(eq(timeEntries.userId, member.id));
    const before = await entriesOf();
    const otherDevice = await sockets.connect(member);
    const [heard] = await sockets.heardBy([otherDevice], TIMER_EVENTS.changed, async () => {
      const stopped = await stop(t, member);
      expect(stopped.status, stopped.response.body).toBe(status);
      expect(stopped.refusal.error).toBe(UI_TEXT.timerDiscardedRecordingEnded);
    });
    expect(heard).toEqual([{ change: 'discarded' }]);
    const timer = await t.call(timeEntryEndpoints.timer, { as: member });
    expect(timer.data).toBeNull();
    expect(await entriesOf()).toEqual(before);
    expect((await stop(t, member)).status).toBe(404);
  }

  test('an advisor whose assignment ended: its timer on the client’s task is discarded, its entries there are not its to change', async ({
    t,
    make,
    sockets,
  }) => {
    const { organization, orgAdmin, advisor, task } = await organizationWithTask(make, 'advisor');
    const entry = await entryBy(t, advisor, onTask(task.id));
    await timerRunningFor(t, advisor, task);
    await endAssignment(t, await make.admin(), organization.id, advisor.id);

    const raised = await change(t, advisor, 'PUT', entry.id);
    expect(raised.status).toBe(404);
    expect(raised.refusal.error).toBe(UI_TEXT.timeEntryNotFound);
    expect((await change(t, advisor, 'DELETE', entry.id)).status).toBe(404);
    await expectTimerDiscarded(t, sockets, advisor, 404);
    const created = await t.call(timeEntryEndpoints.create, { as: advisor, body: onTask(task.id) });
    expect(created.status).toBe(404);
    // Unchanged; the organization's org_admin still changes it.
    const [kept] = await t.database.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id));
    expect(kept).toMatchObject({ minutes: 90 });
    expect((await change(t, orgAdmin, 'PUT', entry.id)).status).toBe(200);
  });

  test('a member moved to another organization no longer changes its old organization’s entries; their org_admin does', async ({
    t,
    make,
  }) => {
    const { orgAdmin, member, task } = await organizationWithTask(make, 'member');
    const [edited, deleted] = [await entryBy(t, member, onTask(task.id)), await entryBy(t, member, onTask(task.id))];
    const elsewhere = await make.organization();
    const moved = await t.call(userEndpoints.moveToOrganization, {
      params: { id: member.id },
      as: await make.admin(),
      body: { organizationId: elsewhere.id },
    });
    expect(moved.status, moved.response.body).toBe(200);

    for (const [method, entry] of [
      ['PUT', edited],
      ['DELETE', deleted],
    ] as const) {
      const refused = await change(t, member, method, entry.id);
      expect(refused.status, `${method} ${refused.response.body}`).toBe(404);
      expect(refused.refusal.error).toBe(UI_TEXT.timeEntryNotFound);
    }
    expect((await change(t, orgAdmin, 'PUT', edited.id)).status).toBe(200);
    expect((await change(t, orgAdmin, 'DELETE', deleted.id)).status).toBe(200);
  });

  test('a member whose task was handed over: its timer there is discarded, its entries there say why they are not its to change', async ({
    t,
    make,
    sockets,
  }) => {
    const { organization, orgAdmin, member, task } = await organizationWithTask(make, 'member');
    const entry = await entryBy(t, member, onTask(task.id));
    await timerRunningFor(t, member, task);
    const colleague = await make.member(organization.id);
    const handedOver = await t.call(taskEndpoints.update, {
      params: { id: task.id },
      as: orgAdmin,
      body: { assignedTo: colleague.id },
    });
    expect(handedOver.status, handedOver.response.body).toBe(200);

    await expectTimerDiscarded(t, sockets, member, 403);
    for (const method of ['PUT', 'DELETE'] as const) {
      const refused = await change(t, member, method, entry.id);
      expect(refused.status, `${method} ${refused.response.body}`).toBe(403);
      expect(refused.refusal.error).toBe(UI_TEXT.timeRecordingEnded);
    }
    // The new assignee records there; the org_admin still changes the entry.
    expect((await t.call(timeEntryEndpoints.create, { as: colleague, body: onTask(task.id) })).status).toBe(201);
    expect((await change(t, orgAdmin, 'PUT', entry.id)).status).toBe(200);
  });
});

describe('the timesheet', () => {
  test("an advisor's hours per organization, week (from Monday) and month, billable apart, only its own", async ({
    t,
    make,
  }) => {
    const [a, b] = await Promise.all([
      make.organization({ name: 'Alpha Books' }),
      make.organization({ name: 'Beta Bakery' }),
    ]);
    const advisor = await make.advisor([a.id, b.id]);
    const taskIn = async (organizationId: string) => {
      const project = await make.project(organizationId);
      const objective = await make.objective(project.id);
      return make.task(objective.id, { assignedTo: advisor.id });
    };
    const [taskA, taskB] = await Promise.all([taskIn(a.id), taskIn(b.id)]);
    // 2031-03-30 is a Sunday, 31 March a Monday: two weeks, and March and April apart.
    await entryBy(t, advisor, onTask(taskA.id, { date: '2031-03-30', minutes: 60 }));
    await entryBy(t, advisor, onTask(taskA.id, { date: '2031-03-31', minutes: 30, billable: false }));
    await entryBy(t, advisor, onTask(taskA.id, { date: '2031-04-01', minutes: 45 }));
    await entryBy(t, advisor, onTask(taskB.id, { date: '2031-04-02', minutes: 15 }));
    await entryBy(t, advisor, onTask(taskB.id, { date: '2031-06-01', minutes: 600 }));
    // Alpha's org_admin works on the same task: its time is its own, not on the advisor's sheet.
    const owner = await make.member(a.id, { role: 'org_admin' });
    await entryBy(t, owner, onTask(taskA.id, { date: '2031-04-01', minutes: 999 }));

    const response = await t.call(timeEntryEndpoints.timesheet, {
      query: { from: '2031-03-01', to: '2031-04-30' },
      as: advisor,
    });
    expect(response.status, response.response.body).toBe(200);
    expect(response.data).toEqual({
      from: '2031-03-01',
      to: '2031-04-30',
      organizations: [
        {
          organizationId: a.id,
          organizationName: 'Alpha Books',
          minutes: 135,
          billableMinutes: 105,
          weeks: [
            { weekStart: '2031-03-24', minutes: 60, billableMinutes: 60 },
            { weekStart: '2031-03-31', minutes: 75, billableMinutes: 45 },
          ],
          months: [
            { month: '2031-03', minutes: 90, billableMinutes: 60 },
            { month: '2031-04', minutes: 45, billableMinutes: 45 },
          ],
        },
        {
          organizationId: b.id,
          organizationName: 'Beta Bakery',
          minutes: 15,
          billableMinutes: 15,
          weeks: [{ weekStart: '2031-03-31', minutes: 15, billableMinutes: 15 }],
          months: [{ month: '2031-04', minutes: 15, billableMinutes: 15 }],
        },
      ],
    });
    const { response: csv } = await t.call(timeEntryEndpoints.timesheetCsv, {
      query: { from: '2031-03-01', to: '2031-04-30', organizationId: b.id },
      as: advisor,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Named after its organization and range: it does not save over the file of every organization.
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="timesheet-beta-bakery-2031-03-01-to-2031-04-30.csv"',
    );
    expect(csv.body).toBe(
      '\uFEFFDate,Organization,Type,Task or ticket,Hours,Billable,Note\r\n' +
        `2031-04-02,Beta Bakery,task,${taskB.title},0.25,yes,Reconciled March\r\n`,
    );
    const tooLong = await t.call(timeEntryEndpoints.timesheet, {
      query: { from: '2031-01-01', to: '2032-01-02' },
      as: advisor,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.response.body).toContain(UI_TEXT.timesheetRangeTooLong);
  });
});

describe('the PDF statement', () => {
  /** The statement's PDF (its bytes and headers). */
  const statement = async (t: TestApp, member: Member, query: TimesheetPdfQuery) => {
    const { response } = await t.call(timeEntryEndpoints.timesheetPdf, { query, as: member });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  test("an advisor's month in one organization: who, which, when, every entry and the totals", async ({ t, make }) => {
    const [crumb, dough] = await Promise.all([
      make.organization({ name: 'Crumb Books' }),
      make.organization({ name: 'Dough Bakery' }),
    ]);
    const advisor = await make.advisor([crumb.id, dough.id]);
    const taskIn = async (organizationId: string, title: string) => {
      const objective = await make.objective((await make.project(organizationId)).id);
      return make.task(objective.id, { assignedTo: advisor.id, title });
    };
    const [taskA, taskB] = await Promise.all([
      taskIn(crumb.id, 'Close the books'),
      taskIn(dough.id, 'Price the loaves'),
    ]);
    await entryBy(t, advisor, onTask(taskB.id, { date: '2031-04-02', minutes: 15, note: 'Flour costs' }));
    await entryBy(t, advisor, onTask(taskB.id, { date: '2031-04-10', minutes: 45, billable: false, note: 'Travel' }));
    // Not on Beta's April statement: another month, another organization, another person.
    await entryBy(t, advisor, onTask(taskB.id, { date: '2031-05-01', minutes: 600 }));
    await entryBy(t, advisor, onTask(taskA.id, { date: '2031-04-03', minutes: 120 }));
    await entryBy(t, await make.member(dough.id, { role: 'org_admin' }), onTask(taskB.id, { minutes: 999 }));

    const response = await statement(t, advisor, statementQuery(dough.id));
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statement-dough-bakery-2031-04-01-to-2031-04-30.pdf"',
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const lines = pdfTextLines(response.rawPayload);
    expect(lines.slice(0, 4)).toEqual([
      'Time statement',
      'Dough Bakery',
      `Prepared for: Advisor ${advisor.lastName}`,
      'Period: 2031-04-01 to 2031-04-30',
    ]);
    const table = lines.slice(lines.indexOf('Billable') + 1, lines.lastIndexOf('Billable'));
    expect(table).toEqual([
      ...['2031-04-02', 'Task: Price the loaves', 'Flour costs', '0.25', 'yes'],
      ...['2031-04-10', 'Task: Price the loaves', 'Travel', '0.75', 'no'],
    ]);
    expect(lines.slice(lines.lastIndexOf('Billable'), lines.indexOf('Total') + 2)).toEqual([
      ...['Billable', '0.25'],
      ...['Not billable', '0.75'],
      ...['Total', '1.00'],
    ]);
    expect(lines.at(-1)).toBe('Page 1 of 1');
  });

  test('long notes wrap inside their column and many entries run over pages under repeated headings', async ({
    t,
    make,
  }) => {
    const longNote = Array.from({ length: 200 }, (_, i) => `word${i}`)
      .join(' ')
      .slice(0, MAX_TIME_NOTE_LENGTH);
    const { organization, person } = await personWithEntries(t, make, 120, (i) => (i < 2 ? longNote : 'Short ☕ note'));
    const response = await statement(t, person, statementQuery(organization.id));
    const pdf = response.rawPayload;
    const lines = pdfTextLines(pdf);
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    expect(lines.filter((line) => line === 'Task or ticket')).toHaveLength(pages);
    expect(lines.filter((line) => line.startsWith('Page '))).toEqual(
      Array.from({ length: pages }, (_, i) => `Page ${i + 1} of ${pages}`),
    );
    // The note is drawn whole, over many short lines.
    const noteLines = lines.filter((line) => line.startsWith('word'));
    expect(noteLines.length).toBeGreaterThan(10);
    expect(
      noteLines
        .slice(0, noteLines.length / 2)
        .join('')
        .replaceAll(' ', ''),
    ).toBe(longNote.replaceAll(' ', ''));
    // A character Helvetica cannot draw shows as a question mark, not as other letters.
    expect(lines).toContain('Short ? note');
    expect(lines.slice(lines.indexOf('Total'), lines.indexOf('Total') + 2)).toEqual(['Total', '60.00']);
  });

  test('a former advisor still gets its statement; an organization without its entries it cannot act in is a 404', async ({
    t,
    make,
    cast,
  }) => {
    const organization = await make.organization({ name: 'Ember Foundry' });
    const [advisor, former] = await Promise.all([make.advisor([organization.id]), make.advisor([organization.id])]);
    const objective = await make.objective((await make.project(organization.id)).id);
    for (const person of [advisor, former]) {
      const task = await make.task(objective.id, { assignedTo: person.id });
      await entryBy(t, person, onTask(task.id, { date: '2031-04-20' }));
    }
    await endAssignment(t, cast.admin, organization.id, former.id);

    const named = pdfTextLines((await statement(t, former, statementQuery(organization.id))).rawPayload);
    expect(named[1]).toBe('Ember Foundry');
    const june = statementQuery(organization.id, '2031-06-01', '2031-06-30');
    const emptyMonth = await t.call(timeEntryEndpoints.timesheetPdf, { query: june, as: former });
    expect(emptyMonth.status).toBe(404);
    expect(emptyMonth.refusal.error).toBe(UI_TEXT.organizationNotFound);
    // Still advising: a month without entries is an empty statement with the organization's name.
    const empty = pdfTextLines((await statement(t, advisor, june)).rawPayload);
    expect(empty[1]).toBe('Ember Foundry');
    expect(empty).toContain('No time recorded in this period.');
    expect(empty.slice(empty.indexOf('Total'), empty.indexOf('Total') + 2)).toEqual(['Total', '0.00']);
    const unknown = await t.call(timeEntryEndpoints.timesheetPdf, {
      query: statementQuery('00000000-0000-4000-8000-000000000000'),
      as: cast.admin,
    });
    expect(unknown.status).toBe(404);
  });

  test(`more than ${MAX_STATEMENT_ENTRIES} entries are refused with a message that says to shorten the period`, async ({
    t,
    make,
  }) => {
    const { organization, person } = await personWithEntries(t, make, MAX_STATEMENT_ENTRIES + 1, () => '');
    const response = await t.call(timeEntryEndpoints.timesheetPdf, {
      query: statementQuery(organization.id),
      as: person,
    });
    expect(response.status).toBe(400);
    expect(response.refusal.error).toBe(UI_TEXT.statementTooLong);
  });

  const unknownOrganization = '00000000-0000-4000-8000-000000000000';
  test.for<[string, TimesheetPdfQuery]>([
    ['an organization id that is not a uuid', statementQuery('acme')],
    ['the end before the start', statementQuery(unknownOrganization, '2031-04-30', '2031-04-01')],
    ['more than a year', statementQuery(unknownOrganization, '2031-01-01', '2032-01-02')],
    ['a day that is not one', statementQuery(unknownOrganization, '2031-02-30', '2031-03-01')],
    ['a NUL byte', statementQuery(unknownOrganization, '2031-04-01\u0000')],
  ])('%s is a 400', async ([, query], { t, cast }) => {
    const response = await t.call(timeEntryEndpoints.timesheetPdf, { query, as: cast.user });
    expect(response.status, response.response.body).toBe(400);
  });

  test('no organization is a 400', async ({ t, cast }) => {
    // A query without its organization, as an outside client might send it.
    const url = '/api/time-entries/timesheet.pdf?from=2031-04-01&to=2031-04-30';
    const response = await t.request({ method: 'GET', url, token: cast.user.token });
    expect(response.statusCode, response.body).toBe(400);
  });
});

describe('entries', () => {
  test('totals on the task, its objective and project, billable apart; an advisor counts only its tasks', async ({
    t,
    make,
    cast,
  }) => {
    const { task, objective } = await workOf(make, cast);
    const other = await make.task(objective.id, { by: cast.user, title: 'Someone else’s' });
    await entryBy(t, cast.advisorAssigned, onTask(task.id, { minutes: 90 }));
    await entryBy(t, cast.user, onTask(task.id, { minutes: 30, billable: false }));
    await entryBy(t, cast.user, onTask(other.id, { minutes: 45 }));
    const summary = async (member: Member, recordType: TimeSummaryQuery['recordType'], recordId: string) => {
      const response = await t.call(timeEntryEndpoints.summary, { query: { recordType, recordId }, as: member });
      expect(response.status, response.response.body).toBe(200);
      return response.data;
    };
    expect(await summary(cast.user, 'task', task.id)).toEqual({ minutes: 120, billableMinutes: 90 });
    expect(await summary(cast.user, 'objective', objective.id)).toEqual({ minutes: 165, billableMinutes: 135 });
    expect(await summary(cast.orgAdmin, 'project', task.projectId)).toEqual({ minutes: 165, billableMinutes: 135 });
    // The advisor sees the task assigned to it, not its neighbour, nor that one's time.
    expect(await summary(cast.advisorAssigned, 'objective', objective.id)).toEqual({
      minutes: 120,
      billableMinutes: 90,
    });
  });

  test(`one's own for ${TIME_ENTRY_EDIT_DAYS} days; the org_admin's any time`, async ({ t, make, cast }) => {
    const { task } = await workOf(make, cast);
    const entry = await entryBy(t, cast.user, onTask(task.id));
    const put = (member: Member) =>
      t.call(timeEntryEndpoints.update, { params: { id: entry.id }, as: member, body: { note: 'Later' } });
    expect((await put(cast.user)).status).toBe(200);
    const old = new Date(Date.now() - (TIME_ENTRY_EDIT_DAYS + 1) * 24 * 60 * 60 * 1000);
    await t.database.db.update(timeEntries).set({ createdAt: old }).where(eq(timeEntries.id, entry.id));
    const refused = await put(cast.user);
    expect(refused.status).toBe(403);
    expect(refused.refusal.error).toBe(UI_TEXT.timeEntryTooOld);
    const listed = await t.call(timeEntryEndpoints.list, {
      query: { recordType: 'task', recordId: task.id },
      as: cast.user,
    });
    expect(listed.data[0]?.permissions).toEqual({ canEdit: false, canDelete: false });
    expect((await put(cast.orgAdmin)).status).toBe(200);
  });

  test('a list is what the caller may read: its own, its organization’s for the org_admin, filtered by day', async ({
    t,
    make,
    cast,
  }) => {
    const { task } = await workOf(make, cast);
    await entryBy(t, cast.user, onTask(task.id, { date: '2031-03-01', note: 'Listed: user March' }));
    await entryBy(t, cast.advisorAssigned, onTask(task.id, { date: '2031-04-02', note: 'Listed: advisor April' }));
    const notes = async (member: Member, query: TimeEntryListQuery = {}) => {
      const response = await t.call(timeEntryEndpoints.list, { query, as: member });
      expect(response.status, response.response.body).toBe(200);
      return response.data
        .map((entry) => entry.note)
        .filter((note) => note.startsWith('Listed: '))
        .map((note) => note.slice('Listed: '.length));
    };
    expect(await notes(cast.user)).toEqual(['user March']);
    expect(await notes(cast.advisorAssigned)).toEqual(['advisor April']);
    expect(await notes(cast.orgAdmin)).toEqual(['advisor April', 'user March']);
    expect(await notes(cast.orgAdmin, { from: '2031-04-01', to: '2031-04-30' })).toEqual(['advisor April']);
    expect(await notes(cast.orgAdmin, { userId: cast.user.id })).toEqual(['user March']);
    expect(await notes(cast.orgAdmin, { organizationId: cast.organization.id })).toEqual([
      'advisor April',
      'user March',
    ]);
    expect(await notes(cast.otherOrgAdmin)).toEqual([]);
    expect(await notes(cast.otherOrgAdmin, { organizationId: cast.organization.id })).toEqual([]);
    expect(await notes(cast.user, { organizationId: cast.organization.id })).toEqual(['user March']);
  });

  test('a note that a spreadsheet would run as a formula is written as text in the CSV', async ({ t, make, cast }) => {
    const { task } = await workOf(make, cast);
    await entryBy(t, cast.user, onTask(task.id, { date: '2031-05-05', note: '=HYPERLINK("http://evil.example","x")' }));
    const { response: csv } = await t.call(timeEntryEndpoints.timesheetCsv, {
      query: { from: '2031-05-05', to: '2031-05-05' },
      as: cast.user,
    });
    expect(csv.headers['content-disposition']).toBe('attachment; filename="timesheet-2031-05-05-to-2031-05-05.csv"');
    expect(csv.body.split('\r\n')[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  test.for<[string, Partial<CreateTimeEntryBody>]>([
    ['no minutes', { minutes: 0 }],
    ['more than a day', { minutes: MAX_TIME_ENTRY_MINUTES + 1 }],
    ['a fraction of a minute', { minutes: 1.5 }],
    ['a date that is not a day', { date: '2031-02-30' }],
    ['the year 0000', { date: '0000-01-01' }],
    ['a note too long', { note: 'x'.repeat(5000) }],
    ['a NUL byte', { note: 'a\u0000b' }],
    ['a record id that is not a uuid', { recordId: 'abc' }],
  ])('%s is a 400', async ([, change], { t, make, cast }) => {
    const { task } = await workOf(make, cast);
    const response = await t.call(timeEntryEndpoints.create, { as: cast.user, body: onTask(task.id, change) });
    expect(response.status, response.response.body).toBe(400);
  });

  test('an unknown record type is a 400', async ({ t, make, cast }) => {
    const { task } = await workOf(make, cast);
    // A record type that is none, as an outside client might send it.
    const payload = { ...onTask(task.id), recordType: 'project' };
    const response = await t.request({ method: 'POST', url: '/api/time-entries', token: cast.user.token, payload });
    expect(response.statusCode, response.body).toBe(400);
  });
});
