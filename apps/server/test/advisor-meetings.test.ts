import {
  type AdvisorMeeting,
  type EndpointInput,
  MAX_MEETING_TOPIC_LENGTH,
  organizationEndpoints,
  schedulingEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { advisorAssignments, advisorMeetingAttendees, advisorMeetings, blockedRange } from '../src/db/schema/index.js';
import type { Actor } from '../src/lib/tenancy.js';
import { meetingsOfPerson } from '../src/modules/scheduling/meetings.js';
import { calendarEntryOf, presentMeetingFields } from '../src/modules/scheduling/presenter.js';
import {
  availabilityIn,
  book,
  bookingBody,
  MEETINGS_NOW,
  saveAvailability,
  startsFrom,
} from './helpers/advisor-meetings.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, ORGANIZATION_READERS, type Statuses } from './helpers/authz-matrix.js';
import { type Factories, factories } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { insertTicket } from './helpers/tickets.js';
import { waitFor } from './helpers/wait-for.js';

/**
 * Meetings with an advisor: booking, the lists and the detail, as each actor. The app's
 * clock is held on Monday 2 March 2026, 12:00 UTC; the cast's advisor keeps its default hours
 * (Monday–Friday 09:00–17:00 UTC), and every booking takes the next free start.
 */
const test = apiTest({ demoData: false, clock: () => MEETINGS_NOW });
const nextStart = startsFrom();
// The app and the cast are made before the first test (a hook's time, not a test's).
test.beforeAll(async ({ cast }) => {
  expect(cast.organization.id).toBeTruthy();
});

/** A meeting the cast's user booked with the cast's advisor. */
const arrangeMeeting = (
  cast: Parameters<Parameters<typeof authzMatrix>[1]['arrange']>[0],
  t: Parameters<typeof book>[0],
) => book(t, cast.user, bookingBody(cast.advisorAssigned.id, nextStart()));

/** Reading a meeting: admin, its organization's org_admin, its booker and its advisor; others 404 (the organization's readers, as the cast's user booked it). */
const READERS: Statuses = ORGANIZATION_READERS;
const EVERYONE: Statuses = { ...READERS, advisorUnassigned: 200, otherOrgAdmin: 200 };
/** Changing and cancelling: its booker, its advisor, the org_admin; admin reads but may not (403). */
const CHANGERS: Statuses = { ...READERS, admin: 403 };

authzMatrix('who may read, change and cancel a session', {
  test,
  arrange: (cast, { t }) => arrangeMeeting(cast, t),
  routes: [
    // Everyone signed in has a list (of the meetings it sees, tested below).
    { route: 'GET /api/sessions', request: () => ({ method: 'GET', url: '/api/sessions' }), statuses: EVERYONE },
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
  errors: { 403: UI_TEXT.meetingChangeDenied, 404: UI_TEXT.meetingNotFound },
  unchanged: async (meeting, cast, { t }) => {
    const response = await t.call(schedulingEndpoints.getMeeting, {
      params: { id: meeting.id },
      token: cast.admin.token,
    });
    const now = response.data as AdvisorMeeting;
    expect(now).toMatchObject({ topic: meeting.topic, status: 'scheduled', sequence: meeting.sequence });
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
  errors: { 403: UI_TEXT.meetingBookingDenied, 404: UI_TEXT.advisorNotFound },
});

describe('booking a session', () => {
  test('a member books for its own organization and attends; the advisor, the org and the times are right', async ({
    t,
    cast,
  }) => {
    const start = nextStart();
    const meeting = await book(t, cast.user, bookingBody(cast.advisorAssigned.id, start));
    expect(meeting).toMatchObject({
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
    expect(meeting.icalUid).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('20 parallel bookings of one slot: exactly one 201, the others 409', async ({ t, cast }) => {
    const body = bookingBody(cast.advisorAssigned.id, nextStart());
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(schedulingEndpoints.createMeeting, { body: body, token: cast.user.token }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.refusal.error).toBe(UI_TEXT.meetingTimeTaken);
    }
  });
});

describe('booking rules', () => {
  test('the advisor names one of its organizations and chooses the attendees; it does not attend itself', async ({
    t,
    cast,
  }) => {
    const advisor = cast.advisorAssigned;
    const start = nextStart();
    const missing = await t.call(schedulingEndpoints.createMeeting, {
      body: bookingBody(advisor.id, start),
      token: advisor.token,
    });
    expect(missing.status).toBe(400);
    expect(missing.refusal.error).toBe(UI_TEXT.meetingNamesOrganization);
    const elsewhere = await t.call(schedulingEndpoints.createMeeting, {
      body: bookingBody(advisor.id, start, { organizationId: cast.otherOrganization.id }),
      token: advisor.token,
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.refusal.error).toBe(UI_TEXT.organizationNotFound);
    const meeting = await book(
      t,
      advisor,
      bookingBody(advisor.id, start, {
        organizationId: cast.organization.id,
        attendeeIds: [cast.user.id, advisor.id, cast.orgAdmin.id, cast.user.id],
      }),
    );
    expect(meeting.bookedBy?.id).toBe(advisor.id);
    expect(meeting.attendees.map((person) => person.id).sort()).toEqual([cast.orgAdmin.id, cast.user.id].sort());
  });

  test('attendees must be active members of the organization', async ({ t, cast, make }) => {
    const leaver = await make.member(cast.organization.id);
    await t.database.db.execute(sql`update users set is_active = false where id = ${leaver.id}::uuid`);
    for (const outsider of [cast.otherOrgAdmin.id, cast.admin.id, cast.advisorUnassigned.id, leaver.id]) {
      const response = await t.call(schedulingEndpoints.createMeeting, {
        body: bookingBody(cast.advisorAssigned.id, nextStart(), { attendeeIds: [outsider] }),
        token: cast.user.token,
      });
      expect(response.status, outsider).toBe(400);
      expect(response.refusal.error).toBe(UI_TEXT.meetingAttendeeNotAllowed);
    }
  });

  test('a member books for its own organization only; a linked ticket must be one of its tickets', async ({
    t,
    cast,
  }) => {
    const advisor = cast.advisorAssigned.id;
    const other = await t.call(schedulingEndpoints.createMeeting, {
      body: bookingBody(advisor, nextStart(), { organizationId: cast.otherOrganization.id }),
      token: cast.user.token,
    });
    expect(other.status).toBe(404);
    expect(other.refusal.error).toBe(UI_TEXT.organizationNotFound);
    const [own, foreign] = await Promise.all([
      insertTicket(t.database.db, cast.organization.id, cast.user.id, { title: 'Invoices late' }),
      insertTicket(t.database.db, cast.otherOrganization.id, cast.otherOrgAdmin.id),
    ]);
    const refused = await t.call(schedulingEndpoints.createMeeting, {
      body: bookingBody(advisor, nextStart(), { ticketId: foreign.id }),
      token: cast.user.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.refusal.error).toBe(UI_TEXT.meetingTicketNotFound);
    const linked = await book(t, cast.user, bookingBody(advisor, nextStart(), { ticketId: own.id }));
    expect(linked.ticket).toEqual({ id: own.id, title: 'Invoices late' });
  });

  test("a time the advisor's rules refuse is 400 saying which rule", async ({ t, cast }) => {
    const cases: [string, number, string][] = [
      ['2026-03-03T10:00:00Z', 45, UI_TEXT.meetingLengthNotOffered],
      ['2026-03-02T13:00:00Z', 30, UI_TEXT.meetingInsideNotice],
      ['2026-06-01T10:00:00Z', 30, UI_TEXT.meetingPastHorizon],
      ['2026-03-03T20:00:00Z', 30, UI_TEXT.meetingOutsideHours],
      ['2026-03-07T10:00:00Z', 30, UI_TEXT.meetingOutsideHours],
      ['2026-03-03T10:15:00Z', 30, UI_TEXT.meetingOffGrid],
      ['2026-03-03T10:30:00Z', 60, UI_TEXT.meetingOffGrid],
    ];
    for (const [start, length, message] of cases) {
      const response = await t.call(schedulingEndpoints.createMeeting, {
        body: bookingBody(cast.advisorAssigned.id, start, { length }),
        token: cast.user.token,
      });
      expect(response.status, start).toBe(400);
      expect(response.refusal.error).toBe(message);
    }
  });

  test('junk is 400, never 500: a NUL in the topic, a topic too long, an instant without offset', async ({
    t,
    cast,
  }) => {
    const advisor = cast.advisorAssigned.id;
    for (const change of [
      { topic: 'Cash\u0000flow' },
      { topic: 'x'.repeat(MAX_MEETING_TOPIC_LENGTH + 1) },
      { start: '2026-03-03T10:00:00' },
      { attendeeIds: ['not-a-uuid'] },
    ]) {
      const response = await t.call(schedulingEndpoints.createMeeting, {
        body: { ...bookingBody(advisor, nextStart()), ...change },
        token: cast.user.token,
      });
      expect(response.status, JSON.stringify(change).slice(0, 60)).toBe(400);
    }
  });

  test('a closed organization books nothing: its advisor is refused', async ({ t, make, cast }) => {
    const organization = await make.organization();
    const advisor = await make.advisor([organization.id]);
    const closed = await t.call(organizationEndpoints.close, {
      params: { id: organization.id },
      token: cast.admin.token,
    });
    expect(closed.status, closed.response.body).toBe(200);
    const response = await t.call(schedulingEndpoints.createMeeting, {
      body: bookingBody(advisor.id, nextStart(), { organizationId: organization.id }),
      token: advisor.token,
    });
    expect(response.status).toBe(404);
  });

  test('09:00 in New York books the right UTC instant on both sides of each clock change', async ({
    t,
    make,
    cast,
  }) => {
    const advisor = await make.advisor([cast.organization.id]);
    await saveAvailability(t, advisor, availabilityIn('America/New_York', { horizonDays: 365 }));
    const attempt = (start: string) =>
      t.call(schedulingEndpoints.createMeeting, { body: bookingBody(advisor.id, start), token: cast.user.token });
    // Friday 6 March is still EST (UTC-5); Monday 9 March is EDT (UTC-4); Monday 2 November is EST again.
    const nineOClock: [string, string][] = [
      ['2026-03-06T09:00:00-05:00', '2026-03-06T14:00:00.000Z'],
      ['2026-03-09T09:00:00-04:00', '2026-03-09T13:00:00.000Z'],
      ['2026-11-02T09:00:00-05:00', '2026-11-02T14:00:00.000Z'],
    ];
    for (const [local, utc] of nineOClock) {
      const response = await attempt(local);
      expect(response.status, response.response.body).toBe(201);
      expect(response.data.start).toBe(utc);
    }
    // One hour earlier in UTC is 08:00 that day: outside the hours.
    for (const early of ['2026-03-09T12:00:00Z', '2026-11-02T13:00:00Z']) {
      const response = await attempt(early);
      expect(response.status).toBe(400);
      expect(response.refusal.error).toBe(UI_TEXT.meetingOutsideHours);
    }
  });
});

describe('the session lists', () => {
  /** An organization with its org_admin, two members and an advisor, and three meetings between them. */
  async function scene(make: Factories, t: TestApp) {
    const organization = await make.organization();
    const [orgAdmin, ana, ben, advisor] = await Promise.all([
      make.member(organization.id, { role: 'org_admin' }),
      make.member(organization.id),
      make.member(organization.id),
      make.advisor([organization.id]),
    ]);
    const starts = startsFrom('2026-03-10');
    const byAna = await book(t, ana, bookingBody(advisor.id, starts()));
    const byBen = await book(t, ben, bookingBody(advisor.id, starts()));
    const forAna = await book(
      t,
      advisor,
      bookingBody(advisor.id, starts(), { organizationId: organization.id, attendeeIds: [ana.id] }),
    );
    return { organization, orgAdmin, ana, ben, advisor, byAna, byBen, forAna };
  }

  type ListQuery = EndpointInput<typeof schedulingEndpoints.listMeetings>['query'];
  const list = async (t: TestApp, member: { token: string }, query: ListQuery = {}) => {
    const response = await t.call(schedulingEndpoints.listMeetings, { query, token: member.token });
    expect(response.status, response.response.body).toBe(200);
    return response.body;
  };
  const ids = (page: { data: AdvisorMeeting[] }) => page.data.map((meeting) => meeting.id);

  test('a member sees the sessions it booked or attends; the org_admin, the advisor and admin see them all', async ({
    t,
    make,
    cast,
  }) => {
    const s = await scene(make, t);
    expect(ids(await list(t, s.ana))).toEqual([s.byAna.id, s.forAna.id]);
    expect(ids(await list(t, s.ben))).toEqual([s.byBen.id]);
    const all = [s.byAna.id, s.byBen.id, s.forAna.id];
    expect(ids(await list(t, s.orgAdmin))).toEqual(all);
    const advisors = await list(t, s.advisor);
    expect(ids(advisors)).toEqual(all);
    expect(advisors.data.every((meeting) => meeting.organizationName === s.organization.name)).toBe(true);
    expect(ids(await list(t, cast.admin, { organizationId: s.organization.id }))).toEqual(all);
    // Another organization's people see none of them, even naming it.
    expect(ids(await list(t, cast.otherOrgAdmin, { organizationId: s.organization.id }))).toEqual([]);
    // A member who does not attend reads none of them by id either.
    const detail = await t.call(schedulingEndpoints.getMeeting, { params: { id: s.byAna.id }, token: s.ben.token });
    expect(detail.status).toBe(404);
    expect(detail.refusal.error).toBe(UI_TEXT.meetingNotFound);
    // Ana may change her own meeting, only read the one the advisor booked (she attends it).
    const permissions = (await list(t, s.ana)).data.map((meeting) => meeting.permissions);
    expect(permissions).toEqual([
      { canEdit: true, canCancel: true },
      { canEdit: false, canCancel: false },
    ]);
  });

  test('filters by time, organization and status; sorts both ways; pages with the total', async ({ t, make }) => {
    const s = await scene(make, t);
    const cancel = await t.call(schedulingEndpoints.cancelMeeting, {
      params: { id: s.byBen.id },
      body: { reason: 'Clash' },
      token: s.ben.token,
    });
    expect(cancel.status).toBe(200);
    expect(ids(await list(t, s.orgAdmin, { status: 'cancelled' }))).toEqual([s.byBen.id]);
    expect(ids(await list(t, s.orgAdmin, { status: 'scheduled' }))).toEqual([s.byAna.id, s.forAna.id]);
    expect(ids(await list(t, s.orgAdmin, { sort: '-start' }))).toEqual([s.forAna.id, s.byBen.id, s.byAna.id]);
    expect(ids(await list(t, s.orgAdmin, { from: s.byBen.start, to: s.forAna.start }))).toEqual([s.byBen.id]);
    const second = await list(t, s.advisor, { limit: 2, page: 2 });
    expect(ids(second)).toEqual([s.forAna.id]);
    expect(second.pagination).toMatchObject({ total: 3, pages: 2 });
    // A query no typed call sends: an unknown key, and a second, junk `to`.
    const window = `x=${encodeURIComponent(s.byBen.start)}&to=${encodeURIComponent(s.forAna.start)}`;
    const bad = await t.request({ method: 'GET', url: `/api/sessions?${window}&to=junk`, token: s.orgAdmin.token });
    expect(bad.statusCode).toBe(400);
  });

  test('an advisor sees its sessions across its organizations, each labelled', async ({ t, make, cast }) => {
    const [first, second] = await Promise.all([make.organization(), make.organization()]);
    const advisor = await make.advisor([first.id, second.id]);
    const starts = startsFrom('2026-03-12');
    await book(t, advisor, bookingBody(advisor.id, starts(), { organizationId: first.id }));
    await book(t, advisor, bookingBody(advisor.id, starts(), { organizationId: second.id }));
    const meetings = (await list(t, advisor)).data;
    expect(meetings.map((meeting) => meeting.organizationName)).toEqual([first.name, second.name]);
    expect(ids(await list(t, advisor, { organizationId: second.id }))).toEqual([meetings[1]?.id]);
    expect((await list(t, cast.advisorUnassigned)).data).toEqual([]);
  });
});

describe('what the lists cost and what the feed reads', () => {
  test('a page of sessions costs the same statements for 2 sessions as for 12, whatever their attendees', async ({
    counting,
  }) => {
    const db = counting.app.database.db;
    const build = factories(db);
    const organization = await build.organization();
    const [orgAdmin, advisor, ...members] = await Promise.all([
      build.member(organization.id, { role: 'org_admin' }),
      build.advisor([organization.id]),
      build.member(organization.id),
      build.member(organization.id),
    ]);
    let day = 0;
    const addMeetings = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        day += 1;
        const start = new Date(Date.now() + day * 24 * 60 * 60_000);
        const end = new Date(start.getTime() + 30 * 60_000);
        const [row] = await db
          .insert(advisorMeetings)
          .values({
            organizationId: organization.id,
            advisorId: advisor.id,
            bookedBy: members[0]?.id,
            startAt: start,
            endAt: end,
            length: 30,
            topic: `Session ${day}`,
            blocked: blockedRange(start, end, 0),
          })
          .returning({ id: advisorMeetings.id });
        await db
          .insert(advisorMeetingAttendees)
          .values(
            members.map((member) => ({ meetingId: row!.id, userId: member.id, organizationId: organization.id })),
          );
      }
    };
    await addMeetings(2);
    const few = await counting.queriesOfCall(orgAdmin.token, schedulingEndpoints.listMeetings, {
      query: { limit: 50 },
    });
    await addMeetings(10);
    const many = await counting.queriesOfCall(orgAdmin.token, schedulingEndpoints.listMeetings, {
      query: { limit: 50 },
    });
    expect((many.data as AdvisorMeeting[]).length).toBe(12);
    expect((many.data as AdvisorMeeting[])[11]?.attendees).toHaveLength(2);
    expect(many.count).toBe(few.count);
  });

  test("a person's feed sessions: those it advises, booked or attends, cancelled too, from `since`, by start", async ({
    t,
    make,
  }) => {
    const organization = await make.organization();
    const [booker, guest, stranger, advisor] = await Promise.all([
      make.member(organization.id),
      make.member(organization.id),
      make.member(organization.id),
      make.advisor([organization.id]),
    ]);
    const starts = startsFrom('2026-03-16');
    const first = await book(t, booker, bookingBody(advisor.id, starts(), { attendeeIds: [guest.id] }));
    const second = await book(
      t,
      advisor,
      bookingBody(advisor.id, starts(), { organizationId: organization.id, attendeeIds: [guest.id] }),
    );
    const third = await book(t, booker, bookingBody(advisor.id, starts()));
    await t.call(schedulingEndpoints.cancelMeeting, {
      params: { id: third.id },
      body: { reason: 'No' },
      token: booker.token,
    });
    const idsOf = async (person: Pick<Actor, 'id' | 'role' | 'organizationId'>, since = new Date(MEETINGS_NOW)) =>
      (await meetingsOfPerson(t.database.db, person, { since, now: since })).map((record) => record.meeting.id);
    expect(await idsOf(guest)).toEqual([first.id, second.id]);
    expect(await idsOf(booker)).toEqual([first.id, third.id]);
    expect(await idsOf(advisor)).toEqual([first.id, second.id, third.id]);
    expect(await idsOf(advisor, new Date(second.start))).toEqual([second.id, third.id]);
    expect(await idsOf(stranger)).toEqual([]);
    // Each reads as the download does: its UID, SEQUENCE and people.
    const now = new Date(MEETINGS_NOW);
    const [record] = await meetingsOfPerson(t.database.db, guest, { since: now, now });
    const entry = calendarEntryOf(presentMeetingFields(record!), 'https://smart.example.com');
    expect(entry).toMatchObject({
      uid: first.icalUid,
      sequence: 0,
      cancelled: false,
      organizer: { email: advisor.email },
      url: `https://smart.example.com/dashboard/sessions?session=${first.id}`,
    });
    expect(entry.attendees.map((person) => person.email).sort()).toEqual([booker.email, guest.email].sort());
  });
});

test('a full feed keeps the upcoming sessions first, then the latest past ones', async ({ t, make }) => {
  const organization = await make.organization();
  const [booker, advisor] = await Promise.all([make.member(organization.id), make.advisor([organization.id])]);
  const starts = startsFrom('2026-03-23');
  const booked: AdvisorMeeting[] = [];
  for (let i = 0; i < 5; i += 1) booked.push(await book(t, booker, bookingBody(advisor.id, starts())));
  // `now` at the third: two are past, three upcoming; the caps keep two upcoming and one past.
  const window = { since: new Date(MEETINGS_NOW), now: new Date(booked[2]?.start ?? '') };
  const listed = await meetingsOfPerson(t.database.db, advisor, window, { upcoming: 2, past: 1 });
  expect(listed.map((record) => record.meeting.id)).toEqual([booked[1]?.id, booked[2]?.id, booked[3]?.id]);
});

test('a member moved to another organization keeps none of the old one’s sessions', async ({ t, make }) => {
  const [organization, elsewhere] = await Promise.all([make.organization(), make.organization()]);
  const [booker, guest] = await Promise.all([make.member(organization.id), make.member(organization.id)]);
  const advisor = await make.advisor([organization.id]);
  const meeting = await book(t, booker, bookingBody(advisor.id, nextStart(), { attendeeIds: [guest.id] }));
  const feedToken = await t.call(schedulingEndpoints.createCalendarFeed, { token: booker.token });
  const feedPath = new URL(feedToken.data.url ?? '').pathname;
  expect((await t.request({ method: 'GET', url: feedPath })).body).toContain(meeting.icalUid);

  const moved = await t.call(userEndpoints.moveToOrganization, {
    params: { id: booker.id },
    body: { organizationId: elsewhere.id },
    token: (await make.admin()).token,
  });
  expect(moved.status, moved.response.body).toBe(200);

  const detail = await t.call(schedulingEndpoints.getMeeting, { params: { id: meeting.id }, token: booker.token });
  expect(detail.status).toBe(404);
  const list = await t.call(schedulingEndpoints.listMeetings, { token: booker.token });
  expect(list.data.map((item: AdvisorMeeting) => item.id)).not.toContain(meeting.id);
  const change = await t.call(schedulingEndpoints.updateMeeting, {
    params: { id: meeting.id },
    body: { topic: 'Still mine?' },
    token: booker.token,
  });
  expect(change.status).toBe(404);
  expect((await t.request({ method: 'GET', url: feedPath })).body).not.toContain(meeting.icalUid);
  // A change by the advisor no longer puts the moved booker back among the attendees.
  const kept = await t.call(schedulingEndpoints.updateMeeting, {
    params: { id: meeting.id },
    body: { attendeeIds: [guest.id] },
    token: advisor.token,
  });
  expect(kept.status, kept.response.body).toBe(200);
  expect(kept.data.attendees.map((person: { id: string }) => person.id)).toEqual([guest.id]);
});

test.skipIf(!process.env.TEST_DATABASE_URL)(
  'a booking waits for the assignment that is ending at the same time, then is refused (PostgreSQL)',
  async ({ t, make }) => {
    const organization = await make.organization();
    const member = await make.member(organization.id);
    const advisor = await make.advisor([organization.id]);
    const waitingOnLock = async () => {
      const { rows } = await t.database.query(
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return rows.length > 0 ? true : undefined;
    };
    const bookAs = (token: string) =>
      t.call(schedulingEndpoints.createMeeting, { body: bookingBody(advisor.id, nextStart()), token });
    let booking: ReturnType<typeof bookAs> | undefined;
    // The assignment ends in a transaction still open while the booking runs: its checks before
    // the transaction see the assignment active; inside, the booking waits for the row's lock.
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(advisorAssignments)
        .set({ isActive: false })
        .where(
          and(eq(advisorAssignments.advisorId, advisor.id), eq(advisorAssignments.organizationId, organization.id)),
        );
      booking = bookAs(member.token);
      const first = await Promise.race([
        booking.then(() => 'answered'),
        waitFor(waitingOnLock, 'booking waiting on the assignment', 10_000).then(() => 'waiting'),
      ]);
      expect(first).toBe('waiting');
    });
    const response = await (booking as ReturnType<typeof bookAs>);
    expect(response.status, response.response.body).toBe(404);
    expect(response.refusal.error).toBe(UI_TEXT.advisorNotFound);
  },
);
