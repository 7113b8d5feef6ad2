import {
  DEFAULT_BUSINESS_HOURS,
  myWorkEndpoints,
  type ServiceLevelsBody,
  serviceLevelEndpoints,
  type Ticket,
  ticketEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { tickets } from '../src/db/schema/index.js';
import { applyServiceLevel } from '../src/modules/tickets/service-level.js';
import { sweepSlaNotices } from '../src/modules/tickets/sla-sweep.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, ORGANIZATION_READERS } from './helpers/authz-matrix.js';
import { csvRecords } from './helpers/csv.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { notified, people } from './helpers/notified.js';
import { insertTicket } from './helpers/tickets.js';

const test = apiTest({ demoData: false });

const HOUR = 60;
const settings = (overrides: Partial<ServiceLevelsBody> = {}): ServiceLevelsBody => ({
  targets: [
    { priority: 'urgent', firstResponseMinutes: 1 * HOUR, resolutionMinutes: 8 * HOUR, clock: 'calendar' },
    { priority: 'high', firstResponseMinutes: 4 * HOUR, resolutionMinutes: 16 * HOUR, clock: 'business' },
  ],
  businessHours: DEFAULT_BUSINESS_HOURS,
  holidays: [],
  ...overrides,
});

async function save(t: TestApp, member: Member, organizationId: string, body: ServiceLevelsBody) {
  const response = await t.call(serviceLevelEndpoints.update, {
    params: { id: organizationId },
    body,
    token: member.token,
  });
  expect(response.status, response.response.body).toBe(200);
  return response.data;
}

/** The instant `minutes` of the organization's clock after `from`, as the database computes it. */
async function addMinutes(t: TestApp, organizationId: string, from: string, minutes: number, clock = 'business') {
  const { rows } = (await t.database.db.execute(
    sql`select sla_add_minutes(${organizationId}::uuid, ${from}::timestamptz, ${minutes}, ${clock}::sla_clock) as at`,
  )) as unknown as { rows: { at: Date | string | null }[] };
  const at = rows[0]?.at;
  return at ? new Date(at).toISOString() : null;
}

/** A ticket raised `hoursAgo` hours ago, its clock computed as at its creation. */
async function ticketRaisedAgo(t: TestApp, organizationId: string, createdBy: string, hoursAgo: number, options = {}) {
  const row = await insertTicket(t.database.db, organizationId, createdBy, {
    createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
    ...options,
  });
  await applyServiceLevel(t.database.db, row.id);
  return row;
}

authzMatrix("who may read and set an organization's service levels", {
  test,
  arrange: async (cast) => cast.organization,
  routes: [
    {
      route: 'GET /api/organizations/:id/service-levels',
      request: (organization) => ({ method: 'GET', url: `/api/organizations/${organization.id}/service-levels` }),
      statuses: ORGANIZATION_READERS,
    },
    {
      route: 'PUT /api/organizations/:id/service-levels',
      request: (organization) => ({
        method: 'PUT',
        url: `/api/organizations/${organization.id}/service-levels`,
        payload: settings(),
      }),
      statuses: { ...ORGANIZATION_READERS, user: 403, advisorAssigned: 403 },
    },
  ],
});

describe('business hours', () => {
  test('skip the weekend, a holiday and the night the clocks change (New York, 1 November 2026)', async ({
    t,
    make,
  }) => {
    const organization = await make.organization();
    const admin = await make.member(organization.id, { role: 'org_admin' });
    await t.database.db.execute(
      sql`update organizations set time_zone = 'America/New_York' where id = ${organization.id}::uuid`,
    );
    await save(t, admin, organization.id, settings());
    // Friday 30 October, 16:00 EDT (20:00 UTC): one working hour left that day; four hours run to
    // Monday 2 November 12:00 EST (17:00 UTC), the clocks having gone back on the Sunday.
    expect(await addMinutes(t, organization.id, '2026-10-30T20:00:00Z', 4 * HOUR)).toBe('2026-11-02T17:00:00.000Z');
    await save(t, admin, organization.id, settings({ holidays: [{ date: '2026-11-02', name: 'Bridge day' }] }));
    expect(await addMinutes(t, organization.id, '2026-10-30T20:00:00Z', 4 * HOUR)).toBe('2026-11-03T17:00:00.000Z');
    // Raised on Saturday: the clock starts on Monday morning.
    expect(await addMinutes(t, organization.id, '2026-10-31T15:00:00Z', 30)).toBe('2026-11-03T14:30:00.000Z');
    // Calendar hours count every hour, the night of the change too: 25 hours from Saturday noon.
    expect(await addMinutes(t, organization.id, '2026-10-31T16:00:00Z', 25 * HOUR, 'calendar')).toBe(
      '2026-11-01T17:00:00.000Z',
    );
    const read = await t.call(serviceLevelEndpoints.get, { params: { id: organization.id }, token: admin.token });
    expect(read.data.timeZone).toBe('America/New_York');
    expect(read.data.holidays).toEqual([{ date: '2026-11-02', name: 'Bridge day' }]);
    expect(read.data.targets.map((target) => target.priority)).toEqual(['urgent', 'high', 'medium', 'low']);
    // A zone PostgreSQL does not know (a newer tz name, a hand-edited row) counts as UTC, not an error.
    await t.database.db.execute(
      sql`update organizations set time_zone = 'Mars/Olympus' where id = ${organization.id}::uuid`,
    );
    expect(await addMinutes(t, organization.id, '2026-10-29T16:00:00Z', 2 * HOUR)).toBe('2026-10-30T10:00:00.000Z');
  });

  test('refuses a day that ends before it starts, a priority twice and junk', async ({ t, cast }) => {
    const endsEarly = await t.call(serviceLevelEndpoints.update, {
      params: { id: cast.organization.id },
      body: settings({ businessHours: { ...DEFAULT_BUSINESS_HOURS, monday: { start: '17:00', end: '09:00' } } }),
      token: cast.orgAdmin.token,
    });
    expect(endsEarly.status).toBe(400);
    expect(endsEarly.refusal.error).toBe(UI_TEXT.workingDayEndsBeforeStart);
    const twice = await t.call(serviceLevelEndpoints.update, {
      params: { id: cast.organization.id },
      body: settings({ targets: [...settings().targets, ...settings().targets] }),
      token: cast.orgAdmin.token,
    });
    expect(twice.status).toBe(400);
    const junk = await t.request({
      method: 'PUT',
      url: `/api/organizations/${cast.organization.id}/service-levels`,
      token: cast.orgAdmin.token,
      payload: {
        ...settings(),
        businessHours: { ...DEFAULT_BUSINESS_HOURS, monday: { start: '09:00\u0000', end: '17:00' } },
      },
    });
    expect(junk.statusCode).toBe(400);
  });
});

describe("a ticket's clock", () => {
  test('runs from its creation, stops while it waits for its requester, and the first answer meets the first target', async ({
    t,
    cast,
  }) => {
    await save(t, cast.orgAdmin, cast.organization.id, settings());
    const created = await t.call(ticketEndpoints.create, {
      body: {
        title: 'Payroll failed',
        description: 'The run stopped at 40%.',
        priority: 'urgent',
        category: 'technical',
      },
      token: cast.user.token,
    });
    expect(created.status, created.response.body).toBe(201);
    const ticket = created.data;
    const createdAt = Date.parse(ticket.createdAt);
    const [firstResponse, resolution] = ticket.sla?.targets ?? [];
    expect(ticket.sla?.clock).toBe('calendar');
    expect(Date.parse(firstResponse?.dueAt ?? '') - createdAt).toBe(HOUR * 60_000);
    expect(Date.parse(firstResponse?.warnAt ?? '') - createdAt).toBe(48 * 60_000);
    expect(Date.parse(resolution?.dueAt ?? '') - createdAt).toBe(8 * HOUR * 60_000);

    // Waiting for the requester for 30 minutes (moved back in time): the due times move on 30 minutes.
    const waiting = await t.call(ticketEndpoints.setStatus, {
      params: { id: ticket.id },
      body: { status: 'waiting' },
      token: cast.orgAdmin.token,
    });
    expect(waiting.data.sla?.pausedAt).not.toBeNull();
    expect(waiting.data.sla?.targets[0]?.metAt).not.toBeNull();
    await t.database.db
      .update(tickets)
      .set({ slaPausedAt: sql`sla_paused_at - interval '30 minutes'` })
      .where(eq(tickets.id, ticket.id));
    const resumed = await t.call(ticketEndpoints.setStatus, {
      params: { id: ticket.id },
      body: { status: 'in_progress' },
      token: cast.orgAdmin.token,
    });
    const resolutionAfter = resumed.data.sla?.targets.find((target) => target.kind === 'resolution');
    expect(resumed.data.sla?.pausedAt).toBeNull();
    expect(Date.parse(resolutionAfter?.dueAt ?? '') - createdAt).toBe((8 * HOUR + 30) * 60_000);
  });

  test('a comment by the requester is no response; one by the org_admin is', async ({ t, cast }) => {
    await save(t, cast.orgAdmin, cast.organization.id, settings());
    const ticket = await ticketRaisedAgo(t, cast.organization.id, cast.user.id, 0, { priority: 'urgent' });
    const comment = (member: Member) =>
      t.call(ticketEndpoints.comment, { params: { id: ticket.id }, body: { text: 'Any news?' }, token: member.token });
    await comment(cast.user);
    const read = async () =>
      (await t.call(ticketEndpoints.get, { params: { id: ticket.id }, token: cast.orgAdmin.token })).data.sla
        ?.targets[0];
    expect((await read())?.metAt).toBeNull();
    await comment(cast.orgAdmin);
    expect((await read())?.metAt).not.toBeNull();
  });
});

describe('the list and the warnings', () => {
  test('"breached" and "at risk" filter, "due soonest" sorts, and each warning is told once', async ({ t, make }) => {
    const organization = await make.organization();
    const admin = await make.member(organization.id, { role: 'org_admin' });
    const requester = await make.member(organization.id);
    const agent = await make.member(organization.id);
    const advisor = await make.advisor([organization.id]);
    const colleague = await make.advisor([organization.id]);
    await save(t, admin, organization.id, settings());
    // Urgent (calendar, 1 h to first response, 8 h to resolution): raised 2 h ago is past its first
    // target; 50 min ago is past 80% of it; 10 min ago is fine; a low one has no targets.
    const late = await ticketRaisedAgo(t, organization.id, requester.id, 2, {
      priority: 'urgent',
      assignedTo: agent.id,
      title: 'Late',
    });
    const atRisk = await ticketRaisedAgo(t, organization.id, requester.id, 50 / 60, {
      priority: 'urgent',
      assignedTo: advisor.id,
      title: 'At risk',
    });
    const fresh = await ticketRaisedAgo(t, organization.id, requester.id, 10 / 60, {
      priority: 'urgent',
      title: 'Fresh',
    });
    const untargeted = await ticketRaisedAgo(t, organization.id, requester.id, 30, {
      priority: 'low',
      title: 'No targets',
    });
    const list = async (query: object) =>
      (await t.call(ticketEndpoints.list, { query, token: admin.token })).data.map((ticket: Ticket) => ticket.title);
    expect(await list({ sla: 'breached' })).toEqual(['Late']);
    expect(await list({ sla: 'at_risk' })).toEqual(['At risk']);
    expect(await list({ sort: 'slaDue' })).toEqual(['Late', 'At risk', 'Fresh', 'No targets']);
    expect(fresh.id && untargeted.id).toBeTruthy();

    const now = new Date();
    await Promise.all([sweepSlaNotices(t.database.db, now), sweepSlaNotices(t.database.db, now)]);
    await sweepSlaNotices(t.database.db, now);
    // The late one: its first target missed (its org_admin is told; the warning owed with it is not sent).
    expect((await notified(t.database.db, 'ticket_sla_breached', late.id)).recipients).toEqual(people(admin));
    // The one at risk, assigned to an advisor: the advisor and the organization's other advisors.
    expect((await notified(t.database.db, 'ticket_sla_warning', atRisk.id)).recipients).toEqual(
      people(advisor, colleague),
    );
    const { rows } = (await t.database.db.execute(
      sql`select type, record_id::text as record from notification_events where type like 'ticket_sla_%' order by type`,
    )) as unknown as { rows: { type: string; record: string }[] };
    expect(rows).toEqual([
      { type: 'ticket_sla_breached', record: late.id },
      { type: 'ticket_sla_warning', record: atRisk.id },
    ]);

    // The CSV says each target's due time and outcome; My work puts the one near breach first.
    const csv = await t.request({ method: 'GET', url: '/api/exports/tickets.csv?sort=slaDue', token: admin.token });
    const lines = csvRecords(csv.body);
    expect(lines.map((line) => [line.Title, line['First response SLA'], line['Resolution SLA']])).toEqual([
      ['Late', 'missed', 'running'],
      ['At risk', 'running', 'running'],
      ['Fresh', 'running', 'running'],
      ['No targets', '', ''],
    ]);
    expect(lines[0]?.['First response due']).toBe(new Date(late.createdAt.getTime() + HOUR * 60_000).toISOString());
    const work = await t.call(myWorkEndpoints.mine, { query: {}, token: advisor.token });
    expect(work.data.tickets.nearBreach).toBe(1);
    expect(work.data.tickets.items[0]).toMatchObject({ title: 'At risk', sla: 'at_risk' });
  });
});
