import {
  awayMessage,
  conversationEndpoints,
  myWorkEndpoints,
  schedulingEndpoints,
  ticketEndpoints,
  timeAwayEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { describe, expect } from 'vitest';
import { flagSessionsInTimeAway } from '../src/modules/time-away/sessions-sweep.js';
import { availabilityIn, bookingBody, MEETINGS_NOW, saveAvailability } from './helpers/advisor-meetings.js';
import { authzMatrix, type Statuses } from './helpers/authz-matrix.js';
import { apiTest } from './helpers/fixture.js';
import { notified, people } from './helpers/notified.js';
import { insertTicket } from './helpers/tickets.js';

/** The app's clock is held on Monday 2 March 2026, 12:00 UTC (helpers/advisor-meetings.ts). */
const test = apiTest({ demoData: false, clock: () => MEETINGS_NOW });

/** The advisor itself and admin; anyone else: 404 (they cannot tell an advisor's time away exists). */
const MANAGERS: Statuses = {
  admin: 200,
  orgAdmin: 404,
  user: 404,
  advisorAssigned: 200,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
};

authzMatrix("who may read and record an advisor's time away", {
  test,
  arrange: async (cast) => cast.advisorAssigned,
  routes: [
    {
      route: 'GET /api/advisors/:advisorId/time-away',
      request: (advisor) => ({ method: 'GET', url: `/api/advisors/${advisor.id}/time-away` }),
      statuses: MANAGERS,
    },
    {
      route: 'POST /api/advisors/:advisorId/time-away',
      request: (advisor) => ({
        method: 'POST',
        url: `/api/advisors/${advisor.id}/time-away`,
        payload: { startsOn: '2026-04-01', endsOn: '2026-04-03' },
      }),
      statuses: { ...MANAGERS, admin: 201, advisorAssigned: 201 },
    },
  ],
});

describe('an advisor away', () => {
  test('offers no slots those days, refuses a booking saying until when and who stands in, and its new tickets go to the substitute', async ({
    t,
    make,
  }) => {
    const organization = await make.organization();
    const advisor = await make.advisor([organization.id]);
    const substitute = await make.advisor([organization.id]);
    const stranger = await make.advisor();
    const member = await make.member(organization.id);
    const orgAdmin = await make.member(organization.id, { role: 'org_admin' });
    await saveAvailability(t, advisor, availabilityIn('UTC'));

    // A substitute must advise the organization.
    const refused = await t.call(timeAwayEndpoints.create, {
      params: { advisorId: 'me' },
      body: {
        startsOn: '2026-03-02',
        endsOn: '2026-03-06',
        substitutes: [{ organizationId: organization.id, substituteId: stranger.id }],
      },
      token: advisor.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.refusal.error).toBe(UI_TEXT.timeAwaySubstituteInvalid);
    const created = await t.call(timeAwayEndpoints.create, {
      params: { advisorId: 'me' },
      body: {
        startsOn: '2026-03-02',
        endsOn: '2026-03-06',
        note: 'Annual leave',
        substitutes: [{ organizationId: organization.id, substituteId: substitute.id }],
      },
      token: advisor.token,
    });
    expect(created.status, created.response.body).toBe(201);
    expect(created.data.substitutes).toEqual([
      {
        organizationId: organization.id,
        organizationName: organization.name,
        substitute: { id: substitute.id, name: `${substitute.firstName} ${substitute.lastName}` },
      },
    ]);

    const slots = await t.call(schedulingEndpoints.slots, {
      params: { advisorId: advisor.id },
      query: { from: '2026-03-03T00:00:00Z', to: '2026-03-10T00:00:00Z', length: 30 },
      token: member.token,
    });
    expect(slots.data.slots.every((slot: { start: string }) => slot.start >= '2026-03-09')).toBe(true);
    expect(slots.data.slots.length).toBeGreaterThan(0);
    const away = {
      until: '2026-03-06',
      substitute: { id: substitute.id, name: `${substitute.firstName} ${substitute.lastName}` },
    };
    expect(slots.data.away).toEqual({ advisorId: advisor.id, ...away });
    const booking = await t.call(schedulingEndpoints.createMeeting, {
      body: bookingBody(advisor.id, '2026-03-04T10:00:00Z'),
      token: member.token,
    });
    expect(booking.status).toBe(409);
    expect(booking.refusal.error).toBe(awayMessage(away));

    // A ticket assigned to the away advisor goes to its substitute, and the history says why.
    const ticket = await insertTicket(t.database.db, organization.id, member.id);
    const assigned = await t.call(ticketEndpoints.assign, {
      params: { id: ticket.id },
      body: { assignedTo: advisor.id },
      token: orgAdmin.token,
    });
    expect(assigned.status, assigned.response.body).toBe(200);
    expect(assigned.data.assignedTo?.id).toBe(substitute.id);
    expect(assigned.data.history.at(-1)).toMatchObject({
      kind: 'assignee',
      to: `${substitute.firstName} ${substitute.lastName} (for ${advisor.firstName} ${advisor.lastName}, away until 2026-03-06)`,
    });

    // The substitute finds the absent advisor's open tickets of that organization on My work.
    const held = await insertTicket(t.database.db, organization.id, member.id, {
      title: 'VAT question',
      assignedTo: advisor.id,
    });
    const work = await t.call(myWorkEndpoints.mine, { query: { today: '2026-03-02' }, token: substitute.token });
    const item = work.data.tickets.items.find((one: { id: string }) => one.id === held.id);
    expect(item).toMatchObject({ standingInFor: `${advisor.firstName} ${advisor.lastName}`, assignedToMe: false });

    // Deleted, the days are open again.
    const removed = await t.call(timeAwayEndpoints.remove, {
      params: { advisorId: advisor.id, id: created.data.id },
      token: advisor.token,
    });
    expect(removed.status).toBe(200);
    const open = await t.call(schedulingEndpoints.slots, {
      params: { advisorId: advisor.id },
      query: { from: '2026-03-04T00:00:00Z', to: '2026-03-05T00:00:00Z', length: 30 },
      token: member.token,
    });
    expect(open.data.slots.length).toBeGreaterThan(0);
    expect(open.data.away).toBeNull();
  });

  test("the organization's chat with an advisor away today says until when and who stands in", async ({ t, make }) => {
    const organization = await make.organization();
    const advisor = await make.advisor([organization.id]);
    const substitute = await make.advisor([organization.id]);
    const member = await make.member(organization.id);
    const chat = async () =>
      (
        await t.call(conversationEndpoints.advisorConversation, {
          query: { advisorId: advisor.id },
          token: member.token,
        })
      ).data;
    expect((await chat()).advisorAway).toBeNull();
    // Around the database's today (the chat reads its date, not the app's held clock).
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await t.call(timeAwayEndpoints.create, {
      params: { advisorId: advisor.id },
      body: {
        startsOn: day(-1),
        endsOn: day(2),
        substitutes: [{ organizationId: organization.id, substituteId: substitute.id }],
      },
      token: advisor.token,
    });
    expect((await chat()).advisorAway).toEqual({
      advisorId: advisor.id,
      until: day(2),
      substitute: { id: substitute.id, name: `${substitute.firstName} ${substitute.lastName}` },
    });
  });

  test('a session already booked inside the time away is flagged to the advisor and the org_admins a week ahead, once', async ({
    t,
    make,
  }) => {
    const organization = await make.organization();
    const advisor = await make.advisor([organization.id]);
    const member = await make.member(organization.id);
    const orgAdmin = await make.member(organization.id, { role: 'org_admin' });
    await saveAvailability(t, advisor, availabilityIn('UTC'));
    const booked = await t.call(schedulingEndpoints.createMeeting, {
      body: bookingBody(advisor.id, '2026-03-10T10:00:00Z'),
      token: member.token,
    });
    expect(booked.status, booked.response.body).toBe(201);
    await t.call(timeAwayEndpoints.create, {
      params: { advisorId: advisor.id },
      body: { startsOn: '2026-03-09', endsOn: '2026-03-13' },
      token: advisor.token,
    });
    // Ten days ahead: not yet; seven days before the time away starts (2 March): told, once.
    expect(await flagSessionsInTimeAway(t.database.db, new Date('2026-02-27T12:00:00Z'))).toBe(0);
    const now = new Date(MEETINGS_NOW);
    const flagged = await Promise.all([
      flagSessionsInTimeAway(t.database.db, now),
      flagSessionsInTimeAway(t.database.db, now),
    ]);
    expect(flagged.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await flagSessionsInTimeAway(t.database.db, now)).toBe(0);
    expect((await notified(t.database.db, 'session_during_time_away', booked.data.id)).recipients).toEqual(
      people(advisor, orgAdmin),
    );
  });

  test('refuses an end before the start, more than a year, and junk', async ({ t, cast }) => {
    const send = (body: object) =>
      t.request({
        method: 'POST',
        url: '/api/advisors/me/time-away',
        token: cast.advisorAssigned.token,
        payload: body,
      });
    expect((await send({ startsOn: '2026-05-02', endsOn: '2026-05-01' })).statusCode).toBe(400);
    expect((await send({ startsOn: '2026-01-01', endsOn: '2027-06-01' })).statusCode).toBe(400);
    expect((await send({ startsOn: '2026-01-01\u0000', endsOn: '2026-01-02' })).statusCode).toBe(400);
    expect(
      (await t.request({ method: 'GET', url: '/api/advisors/me/time-away', token: cast.orgAdmin.token })).statusCode,
    ).toBe(404);
  });
});
