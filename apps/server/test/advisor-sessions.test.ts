import { type AdvisorSession, MESSAGES } from '@smart/contracts';
import { describe, expect } from 'vitest';
import { book, bookingBody, SESSIONS_NOW, startsFrom } from './helpers/advisor-sessions.js';
import { authzMatrix, type Statuses } from './helpers/authz-matrix.js';
import { apiTest } from './helpers/fixture.js';

/**
 * Sessions with an advisor (issue 24): booking, the lists and the detail, as each actor. The app's
 * clock is held on Monday 2 March 2026, 12:00 UTC; the cast's advisor keeps its default hours
 * (Monday–Friday 09:00–17:00 UTC), and every booking takes the next free start.
 */
const test = apiTest({ demoData: false, clock: () => SESSIONS_NOW });
const nextStart = startsFrom();

/** A session the cast's user booked with the cast's advisor. */
const arrangeSession = (
  cast: Parameters<Parameters<typeof authzMatrix>[1]['arrange']>[0],
  t: Parameters<typeof book>[0],
) => book(t, cast.user, bookingBody(cast.advisorAssigned.id, nextStart()));

/** Reading a session: admin, its organization's org_admin, its booker and its advisor; others 404. */
const READERS: Statuses = {
  admin: 200,
  orgAdmin: 200,
  user: 200,
  advisorAssigned: 200,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
};
/** Changing and cancelling: its booker, its advisor, the org_admin; admin reads but may not (403). */
const CHANGERS: Statuses = { ...READERS, admin: 403 };

authzMatrix('who may read, change and cancel a session', {
  test,
  arrange: (cast, { t }) => arrangeSession(cast, t),
  routes: [
    {
      route: 'GET /api/sessions/:id',
      request: (s) => ({ method: 'GET', url: `/api/sessions/${s.id}` }),
      statuses: READERS,
    },
    {
      route: 'GET /api/sessions/:id/ics',
      request: (s) => ({ method: 'GET', url: `/api/sessions/${s.id}/ics` }),
      statuses: READERS,
    },
    {
      route: 'PATCH /api/sessions/:id',
      request: (s) => ({ method: 'PATCH', url: `/api/sessions/${s.id}`, payload: { topic: 'Another topic' } }),
      statuses: CHANGERS,
    },
    {
      route: 'POST /api/sessions/:id/cancel',
      request: (s) => ({ method: 'POST', url: `/api/sessions/${s.id}/cancel`, payload: { reason: 'Sick' } }),
      statuses: CHANGERS,
    },
  ],
  errors: { 403: MESSAGES.sessionChangeDenied, 404: MESSAGES.sessionNotFound },
  unchanged: async (session, cast, { t }) => {
    const response = await t.request({ method: 'GET', url: `/api/sessions/${session.id}`, token: cast.admin.token });
    const now = response.json().data as AdvisorSession;
    expect(now).toMatchObject({ topic: session.topic, status: 'scheduled', sequence: session.sequence });
  },
});

authzMatrix('who may book a session with the cast advisor for its organization', {
  test,
  arrange: async (cast) => cast,
  routes: [
    {
      route: 'POST /api/sessions',
      request: (cast) => ({
        method: 'POST',
        url: '/api/sessions',
        payload: bookingBody(cast.advisorAssigned.id, nextStart(), { organizationId: cast.organization.id }),
      }),
      statuses: {
        admin: 403,
        orgAdmin: 201,
        user: 201,
        advisorAssigned: 201,
        // Another advisor, and people of an organization the advisor does not advise, do not see it.
        advisorUnassigned: 404,
        otherOrgAdmin: 404,
        anonymous: 401,
      },
    },
  ],
  errors: { 403: MESSAGES.sessionBookingDenied, 404: MESSAGES.advisorNotFound },
});

describe('booking a session', () => {
  test('a member books for its own organization and attends; the advisor, the org and the times are right', async ({
    t,
    cast,
  }) => {
    const start = nextStart();
    const session = await book(t, cast.user, bookingBody(cast.advisorAssigned.id, start));
    expect(session).toMatchObject({
      organizationId: cast.organization.id,
      organizationName: cast.organization.name,
      advisor: { id: cast.advisorAssigned.id },
      bookedBy: { id: cast.user.id },
      attendees: [{ id: cast.user.id }],
      start: new Date(start).toISOString(),
      end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      length: 30,
      topic: 'Cash flow review',
      agenda: 'Q1 numbers',
      status: 'scheduled',
      ticket: null,
      cancelledBy: null,
      sequence: 0,
      permissions: { canEdit: true, canCancel: true },
    });
    expect(session.icalUid).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('20 parallel bookings of one slot: exactly one 201, the others 409', async ({ t, cast }) => {
    const body = bookingBody(cast.advisorAssigned.id, nextStart());
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request({ method: 'POST', url: '/api/sessions', payload: body, token: cast.user.token }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error).toBe(MESSAGES.sessionTimeTaken);
    }
  });
});
