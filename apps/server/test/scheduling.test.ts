import {
  advisorEndpoints,
  DEFAULT_WEEKLY_HOURS,
  type EndpointInput,
  MAX_DATE_OVERRIDES,
  MAX_INTERVALS_PER_DAY,
  MAX_JSON_BODY_BYTES,
  MAX_TIME_ZONE_LENGTH,
  notificationEndpoints,
  pathOf,
  queryStringOf,
  schedulingEndpoints,
  tooLongMessage,
  UI_TEXT,
  type UpdateAvailabilityBody,
  userEndpoints,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { advisorAvailability, advisorMeetings, blockedRange } from '../src/db/schema/index.js';
import { conflictOnOverlap, isExclusionViolation } from '../src/lib/errors.js';
import { availabilityIn, ISSUE_DEFAULTS, saveAvailability } from './helpers/advisor-meetings.js';
import type { TestApp } from './helpers/app.js';
import { authzMatrix, type Statuses } from './helpers/authz-matrix.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

/**
 * Scheduling with an advisor: its availability (the advisor itself or an admin), its
 * free slots (also the people of an organization it actively advises), and no double booking by
 * the database. The app's clock is held on Monday 2 March 2026, 12:00 UTC.
 */
const NOW = Date.parse('2026-03-02T12:00:00Z');
const test = apiTest({ demoData: false, clock: () => NOW });

const availability = (change: Partial<UpdateAvailabilityBody> = {}): UpdateAvailabilityBody => ({
  timeZone: 'America/New_York',
  ...ISSUE_DEFAULTS,
  ...change,
});

// The matrix's rows and the mistyped bodies below are requests as written, to the definitions' paths.
const availabilityUrl = (advisorId: string) => pathOf(schedulingEndpoints.getAvailability, { advisorId });
const slotsUrl = (advisorId: string, from: string, to: string, length: number | string) =>
  pathOf(schedulingEndpoints.slots, { advisorId }) + queryStringOf({ from, to, length });

type SlotsQuery = EndpointInput<typeof schedulingEndpoints.slots>['query'];

/** Monday 9 March 2026, the day after New York springs forward: 09:00–17:00 EDT is 13:00Z–21:00Z. */
const MONDAY = { from: '2026-03-09T00:00:00Z', to: '2026-03-10T00:00:00Z' };
const MONDAY_HOURS = [13, 14, 15, 16, 17, 18, 19, 20].map((hour) => `2026-03-09T${hour}:00:00.000Z`);

/** A meeting written straight into the table, as the booking's insert will write it. */
function insertMeeting(
  db: Database,
  meeting: { organizationId: string; advisor: Member; start: string; minutes: number; buffer?: number },
  status: 'scheduled' | 'cancelled' = 'scheduled',
) {
  const start = new Date(meeting.start);
  const end = new Date(start.getTime() + meeting.minutes * 60_000);
  return db.insert(advisorMeetings).values({
    organizationId: meeting.organizationId,
    advisorId: meeting.advisor.id,
    bookedBy: meeting.advisor.id,
    startAt: start,
    endAt: end,
    length: meeting.minutes,
    topic: 'Cash flow',
    status,
    blocked: blockedRange(start, end, meeting.buffer ?? 0),
  });
}

let app: TestApp;
test.beforeAll(({ t }) => {
  app = t;
});

/** The availability's read and write: the advisor itself and admin; its organizations' people 403; others 404. */
const AVAILABILITY_ACCESS: Statuses = {
  admin: 200,
  orgAdmin: 403,
  user: 403,
  advisorAssigned: 200,
  advisorUnassigned: 404,
  otherOrgAdmin: 404,
  anonymous: 401,
};

authzMatrix('who may see and change an advisor availability and see its slots', {
  app: () => app,
  arrange: async (cast) => cast.advisorAssigned,
  routes: [
    {
      route: 'GET /api/advisors/:advisorId/availability',
      request: (advisor) => ({ method: 'GET', url: availabilityUrl(advisor.id) }),
      statuses: AVAILABILITY_ACCESS,
    },
    {
      route: 'PUT /api/advisors/:advisorId/availability',
      request: (advisor) => ({ method: 'PUT', url: availabilityUrl(advisor.id), payload: availability() }),
      statuses: AVAILABILITY_ACCESS,
    },
    {
      route: 'GET /api/advisors/:advisorId/slots',
      request: (advisor) => ({ method: 'GET', url: slotsUrl(advisor.id, MONDAY.from, MONDAY.to, 30) }),
      statuses: { ...AVAILABILITY_ACCESS, orgAdmin: 200, user: 200 },
    },
  ],
  errors: { 403: UI_TEXT.advisorAvailabilityDenied, 404: UI_TEXT.advisorNotFound },
});

describe('an advisor availability', () => {
  test('starts with the defaults in the profile zone, for the advisor as `me`', async ({ t, make }) => {
    const advisor = await make.advisor();
    const response = await t.call(schedulingEndpoints.getAvailability, {
      params: { advisorId: 'me' },
      token: advisor.token,
    });
    expect(response.status, response.response.body).toBe(200);
    expect(response.data).toEqual({
      advisorId: advisor.id,
      timeZone: 'UTC',
      ...ISSUE_DEFAULTS,
      // No booking rules until it sets some.
      maxSessionsPerDay: null,
      maxSessionsPerWeek: null,
      cancelCutoffMinutes: 0,
      maxReschedules: null,
      updatedAt: null,
      permissions: { canEdit: true },
    });
  });

  test('never saved, keeps its zone when the profile zone is first set (from the browser) or changed', async ({
    t,
    make,
  }) => {
    const advisor = await make.advisor();
    const zoneOfAvailability = async () => {
      const response = await t.call(schedulingEndpoints.getAvailability, {
        params: { advisorId: 'me' },
        token: advisor.token,
      });
      expect(response.status, response.response.body).toBe(200);
      return response.data.timeZone;
    };
    const setProfileZone = async (timeZone: string) => {
      const response = await t.call(notificationEndpoints.updateSettings, { token: advisor.token, body: { timeZone } });
      expect(response.status, response.response.body).toBe(200);
    };
    expect(await zoneOfAvailability()).toBe('UTC');
    // The web app saves the browser's zone on a first visit: the hours members book stay in UTC.
    await setProfileZone('America/New_York');
    expect(await zoneOfAvailability()).toBe('UTC');
    // Saved in another zone, the availability keeps it through later profile changes too.
    await saveAvailability(t, advisor, availabilityIn('Europe/Berlin'));
    await setProfileZone('Asia/Tokyo');
    expect(await zoneOfAvailability()).toBe('Europe/Berlin');
  });

  test('is saved by an admin for the advisor, who reads it back; `me` is for advisors only', async ({ t, make }) => {
    const [advisor, admin, organization] = await Promise.all([make.advisor(), make.admin(), make.organization()]);
    const morning = { start: '08:00', end: '12:00' };
    const afternoon = { start: '13:00', end: '18:00' };
    const saved = availability({
      timeZone: 'Europe/Berlin',
      weeklyHours: { ...DEFAULT_WEEKLY_HOURS, monday: [afternoon, morning] },
      dateOverrides: [
        { date: '2026-03-12', intervals: [afternoon, morning] },
        { date: '2026-03-10', intervals: [] },
      ],
      sessionLengths: [90, 15],
      bufferMinutes: 10,
      minimumNoticeMinutes: 0,
      horizonDays: 365,
    });
    const put = await t.call(schedulingEndpoints.updateAvailability, {
      params: { advisorId: advisor.id },
      body: saved,
      token: admin.token,
    });
    expect(put.status, put.response.body).toBe(200);
    const read = await t.call(schedulingEndpoints.getAvailability, {
      params: { advisorId: 'me' },
      token: advisor.token,
    });
    // Kept in the order the editor shows: intervals by start, overrides by date, lengths ascending.
    expect(read.data).toMatchObject({
      ...saved,
      weeklyHours: { ...DEFAULT_WEEKLY_HOURS, monday: [morning, afternoon] },
      dateOverrides: [
        { date: '2026-03-10', intervals: [] },
        { date: '2026-03-12', intervals: [morning, afternoon] },
      ],
      sessionLengths: [15, 90],
      advisorId: advisor.id,
      updatedAt: expect.any(String),
    });

    const member = await make.member(organization.id);
    const notAdvisor = await t.call(schedulingEndpoints.getAvailability, {
      params: { advisorId: 'me' },
      token: member.token,
    });
    expect(notAdvisor.status).toBe(403);
    expect(notAdvisor.refusal.error).toBe(UI_TEXT.availabilityAdvisorsOnly);
    // A user that is no advisor has no availability: 404, even for an admin.
    const ofMember = await t.call(schedulingEndpoints.getAvailability, {
      params: { advisorId: member.id },
      token: admin.token,
    });
    expect(ofMember.status).toBe(404);
  });

  test('takes the largest availability the limits allow (an override every day, each with its most intervals)', async ({
    t,
    make,
  }) => {
    const advisor = await make.advisor();
    const fullDay = Array.from({ length: MAX_INTERVALS_PER_DAY }, (_, i) => ({
      start: `${String(8 + i).padStart(2, '0')}:00`,
      end: `${String(8 + i).padStart(2, '0')}:30`,
    }));
    const first = Date.UTC(2026, 2, 1);
    const dateOverrides = Array.from({ length: MAX_DATE_OVERRIDES }, (_, day) => ({
      date: new Date(first + day * 86_400_000).toISOString().slice(0, 10),
      intervals: fullDay,
    }));
    const payload = availability({ dateOverrides });
    expect(JSON.stringify(payload).length).toBeGreaterThan(MAX_JSON_BODY_BYTES);
    const put = await t.call(schedulingEndpoints.updateAvailability, {
      params: { advisorId: 'me' },
      body: payload,
      token: advisor.token,
    });
    expect(put.status, put.response.body.slice(0, 200)).toBe(200);
    expect(put.data.dateOverrides).toHaveLength(MAX_DATE_OVERRIDES);
  });

  test('refuses bad input with 400 and the reason, never 500, and keeps what was saved', async ({ t, make }) => {
    const advisor = await make.advisor();
    const first = await t.call(schedulingEndpoints.updateAvailability, {
      params: { advisorId: 'me' },
      body: availability(),
      token: advisor.token,
    });
    expect(first.status).toBe(200);
    const monday = (intervals: { start: string; end: string }[]) =>
      availability({ weeklyHours: { ...DEFAULT_WEEKLY_HOURS, monday: intervals } });
    const thirteen = Array.from({ length: MAX_INTERVALS_PER_DAY + 1 }, (_, hour) => ({
      start: `${String(hour).padStart(2, '0')}:00`,
      end: `${String(hour).padStart(2, '0')}:30`,
    }));
    const manyOverrides = Array.from({ length: MAX_DATE_OVERRIDES + 1 }, (_, day) => ({
      date: new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10),
      intervals: [],
    }));
    const cases: [string, unknown, string | undefined][] = [
      ['an unknown zone', availability({ timeZone: 'Mars/Olympus' }), UI_TEXT.invalidTimeZone],
      // Node's Intl knows it, PostgreSQL's time-zone database no longer does.
      ['a zone the database does not know', availability({ timeZone: 'US/Pacific-New' }), UI_TEXT.invalidTimeZone],
      [
        'a zone too long',
        availability({ timeZone: 'x'.repeat(MAX_TIME_ZONE_LENGTH + 1) }),
        tooLongMessage(MAX_TIME_ZONE_LENGTH),
      ],
      ['a NUL in the zone', availability({ timeZone: 'UTC\u0000' }), UI_TEXT.nulCharacter],
      [
        'overlapping intervals',
        monday([
          { start: '09:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ]),
        UI_TEXT.availabilityIntervalsOverlap,
      ],
      [
        'an interval ending before it starts',
        monday([{ start: '12:00', end: '09:00' }]),
        UI_TEXT.availabilityIntervalOrder,
      ],
      ['a time past 24:00', monday([{ start: '09:00', end: '24:30' }]), UI_TEXT.availabilityInvalidTime],
      ['too many intervals a day', monday(thirteen), UI_TEXT.tooManyIntervals],
      [
        '30 February',
        availability({ dateOverrides: [{ date: '2026-02-30', intervals: [] }] }),
        UI_TEXT.availabilityInvalidDate,
      ],
      [
        'one date overridden twice',
        availability({
          dateOverrides: [
            { date: '2026-03-10', intervals: [] },
            { date: '2026-03-10', intervals: [{ start: '10:00', end: '11:00' }] },
          ],
        }),
        UI_TEXT.availabilityDuplicateDate,
      ],
      ['too many date overrides', availability({ dateOverrides: manyOverrides }), UI_TEXT.tooManyDateOverrides],
      ['a length not on offer anywhere', availability({ sessionLengths: [50] }), UI_TEXT.meetingLengthNotAllowed],
      ['a length twice', availability({ sessionLengths: [30, 30] }), UI_TEXT.meetingLengthsDuplicate],
      ['no length', availability({ sessionLengths: [] }), undefined],
      ['a horizon past a year', availability({ horizonDays: 366 }), undefined],
      ['a negative buffer', availability({ bufferMinutes: -5 }), undefined],
      ['a field it does not know', { ...availability(), color: 'red' }, undefined],
      ['a missing field', { timeZone: 'UTC' }, undefined],
      ['hours as text', availability({ weeklyHours: 'always' as never }), undefined],
      ['intervals that are no intervals', monday([5, null, { start: 9 }] as never), undefined],
      ['overrides that are no overrides', availability({ dateOverrides: [null, { date: 5 }] as never }), undefined],
      ['a list for a body', [availability()], undefined],
    ];
    for (const [name, payload, error] of cases) {
      // Mistyped bodies among them, as an outside client might send them.
      const response = await t.request({
        method: 'PUT',
        url: availabilityUrl('me'),
        payload: payload as object,
        token: advisor.token,
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      if (error) expect(response.json().error, name).toBe(error);
    }
    const junk = await t.request({
      method: 'PUT',
      url: availabilityUrl('me'),
      headers: { 'content-type': 'application/json' },
      payload: '{"timeZone": ',
      token: advisor.token,
    });
    expect(junk.statusCode).toBe(400);
    const [stored] = await t.database.db
      .select()
      .from(advisorAvailability)
      .where(eq(advisorAvailability.advisorId, advisor.id));
    expect(stored).toMatchObject({ timeZone: 'America/New_York', sessionLengths: [30, 60] });
  });
});

describe('an advisor free slots', () => {
  test("are computed in the advisor's zone and leave out booked sessions, not cancelled ones", async ({ t, make }) => {
    const organization = await make.organization();
    const [advisor, member] = await Promise.all([make.advisor([organization.id]), make.member(organization.id)]);
    await t.call(schedulingEndpoints.updateAvailability, {
      params: { advisorId: 'me' },
      body: availability(),
      token: advisor.token,
    });
    const slots = () =>
      t.call(schedulingEndpoints.slots, {
        params: { advisorId: advisor.id },
        query: { ...MONDAY, length: 60 },
        token: member.token,
      });

    const free = await slots();
    expect(free.status, free.response.body).toBe(200);
    expect(free.data).toMatchObject({ advisorId: advisor.id, timeZone: 'America/New_York', length: 60 });
    expect(free.data.slots).toEqual(
      MONDAY_HOURS.map((start) => ({ start, end: new Date(Date.parse(start) + 3_600_000).toISOString() })),
    );

    const db = t.database.db;
    await insertMeeting(db, { organizationId: organization.id, advisor, start: '2026-03-09T14:00:00Z', minutes: 60 });
    await insertMeeting(
      db,
      { organizationId: organization.id, advisor, start: '2026-03-09T16:00:00Z', minutes: 60 },
      'cancelled',
    );
    const after = await slots();
    expect(after.data.slots.map((slot: { start: string }) => slot.start)).toEqual(
      MONDAY_HOURS.filter((start) => start !== '2026-03-09T14:00:00.000Z'),
    );
  });

  test('name the lengths offered, and without a length are those of the shortest', async ({ t, make }) => {
    const organization = await make.organization();
    const [advisor, member] = await Promise.all([make.advisor([organization.id]), make.member(organization.id)]);
    await t.call(schedulingEndpoints.updateAvailability, {
      params: { advisorId: 'me' },
      body: availability({ sessionLengths: [90, 45] }),
      token: advisor.token,
    });
    const free = await t.call(schedulingEndpoints.slots, {
      params: { advisorId: advisor.id },
      query: MONDAY,
      token: member.token,
    });
    expect(free.status, free.response.body).toBe(200);
    expect(free.data).toMatchObject({ sessionLengths: [45, 90], length: 45 });
    // 09:00 to 17:00 New York in 45-minute steps: 10 starts, the last at 15:45 ending 16:30.
    expect(free.data.slots).toHaveLength(10);
  });

  test('keep the minimum notice from the clock, and answer an empty list past the horizon', async ({ t, make }) => {
    const organization = await make.organization();
    const [advisor, member] = await Promise.all([make.advisor([organization.id]), make.member(organization.id)]);
    await t.call(schedulingEndpoints.updateAvailability, {
      params: { advisorId: 'me' },
      body: availability({
        timeZone: 'UTC',
        weeklyHours: { ...DEFAULT_WEEKLY_HOURS, monday: [{ start: '10:00', end: '18:00' }] },
        horizonDays: 7,
      }),
      token: advisor.token,
    });
    // Now is 12:00 UTC; two hours' notice leaves 14:00 the first start today.
    const today = await t.call(schedulingEndpoints.slots, {
      params: { advisorId: advisor.id },
      query: { from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z', length: 60 },
      token: member.token,
    });
    expect(today.data.slots.map((slot: { start: string }) => slot.start)).toEqual([
      '2026-03-02T14:00:00.000Z',
      '2026-03-02T15:00:00.000Z',
      '2026-03-02T16:00:00.000Z',
      '2026-03-02T17:00:00.000Z',
    ]);
    const pastHorizon = await t.call(schedulingEndpoints.slots, {
      params: { advisorId: advisor.id },
      query: { from: '2026-03-16T00:00:00Z', to: '2026-03-17T00:00:00Z', length: 60 },
      token: member.token,
    });
    expect(pastHorizon.status).toBe(200);
    expect(pastHorizon.data.slots).toEqual([]);
  });

  test('refuse a bad window or length with 400 before any work, and hide a deactivated advisor', async ({
    t,
    make,
  }) => {
    const organization = await make.organization();
    const [advisor, member] = await Promise.all([make.advisor([organization.id]), make.member(organization.id)]);
    const window = (from: string, to: string, length: number | string) => ({ from, to, length });
    const cases: [string, SlotsQuery, string | undefined][] = [
      ['a length offered nowhere', window(MONDAY.from, MONDAY.to, 50), UI_TEXT.meetingLengthNotAllowed],
      ['a length this advisor does not offer', window(MONDAY.from, MONDAY.to, 45), UI_TEXT.meetingLengthNotOffered],
      ['a window over 14 days', window('2026-03-09T00:00:00Z', '2026-03-23T00:00:01Z', 30), UI_TEXT.slotRangeTooLong],
      ['`to` before `from`', window(MONDAY.to, MONDAY.from, 30), UI_TEXT.slotRangeOrder],
      ['a date that is no instant', window('yesterday', MONDAY.to, 30), undefined],
      ['an instant without its offset', window('2026-03-09T00:00:00', MONDAY.to, 30), undefined],
      ['a huge instant', window(`2026-03-09T00:00:00${'0'.repeat(10_000)}Z`, MONDAY.to, 30), tooLongMessage(40)],
      ['a NUL', window(`${MONDAY.from}\u0000`, MONDAY.to, 30), UI_TEXT.nulCharacter],
      ['a length that is no number', window(MONDAY.from, MONDAY.to, 'long'), undefined],
    ];
    for (const [name, query, error] of cases) {
      const params = { advisorId: advisor.id };
      const response = await t.call(schedulingEndpoints.slots, { params, query, token: member.token });
      expect(response.status, `${name}: ${response.response.body}`).toBe(400);
      if (error) expect(response.refusal.error, name).toBe(error);
    }
    const notAnId = await t.call(schedulingEndpoints.slots, {
      params: { advisorId: 'not-an-id' },
      query: { from: MONDAY.from, to: MONDAY.to, length: 30 },
      token: member.token,
    });
    expect(notAnId.status).toBe(404);

    const admin = await make.admin();
    const deactivate = await t.call(userEndpoints.deactivate, { params: { id: advisor.id }, token: admin.token });
    expect(deactivate.status, deactivate.response.body).toBe(200);
    const hidden = await t.call(schedulingEndpoints.slots, {
      params: { advisorId: advisor.id },
      query: { from: MONDAY.from, to: MONDAY.to, length: 30 },
      token: member.token,
    });
    expect(hidden.status).toBe(404);
  });
});

describe('an advisor whose assignment ends', () => {
  test("is hidden from the organization's people at once: slots and availability 404", async ({ t, make }) => {
    const organization = await make.organization();
    const [advisor, member, admin] = await Promise.all([
      make.advisor([organization.id]),
      make.member(organization.id),
      make.admin(),
    ]);
    const slots = () =>
      t.call(schedulingEndpoints.slots, {
        params: { advisorId: advisor.id },
        query: { from: MONDAY.from, to: MONDAY.to, length: 30 },
        token: member.token,
      });
    expect((await slots()).status).toBe(200);
    const ended = await t.call(advisorEndpoints.updateAssignment, {
      params: { orgId: organization.id, advisorId: advisor.id },
      body: { isActive: false },
      token: admin.token,
    });
    expect(ended.status, ended.response.body).toBe(200);
    expect((await slots()).status).toBe(404);
    const read = await t.call(schedulingEndpoints.getAvailability, {
      params: { advisorId: advisor.id },
      token: member.token,
    });
    expect(read.status).toBe(404);
  });
});

describe('no double booking, by the database', () => {
  test('refuses a second session of one advisor over the first or its buffer, unless one is cancelled', async ({
    t,
    make,
  }) => {
    const organization = await make.organization();
    const [advisor, otherAdvisor] = await Promise.all([
      make.advisor([organization.id]),
      make.advisor([organization.id]),
    ]);
    const db = t.database.db;
    const meeting = (start: string, minutes = 60, buffer = 0) => ({
      organizationId: organization.id,
      advisor,
      start,
      minutes,
      buffer,
    });
    // 10:00–11:00 with a 15-minute buffer: blocked until 11:15.
    await insertMeeting(db, meeting('2026-03-09T10:00:00Z', 60, 15));

    for (const start of ['2026-03-09T10:30:00Z', '2026-03-09T11:00:00Z', '2026-03-09T09:30:00Z']) {
      const error = await insertMeeting(db, meeting(start)).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, `${start} was accepted over the booked session`).not.toBeNull();
      expect(isExclusionViolation(error)).toBe(true);
      expect(
        String(
          (error as { constraint?: string }).constraint ??
            (error as { cause?: { constraint?: string } }).cause?.constraint,
        ),
      ).toBe('advisor_sessions_no_overlap');
    }

    // The booking's insert answers the refusal with 409 and the issue's message.
    await expect(
      conflictOnOverlap(insertMeeting(db, meeting('2026-03-09T10:45:00Z', 30)), UI_TEXT.meetingTimeTaken),
    ).rejects.toMatchObject({ statusCode: 409, message: UI_TEXT.meetingTimeTaken });

    // After the buffer, a cancelled meeting's time, and another advisor at the same time are all free.
    await insertMeeting(db, meeting('2026-03-09T11:15:00Z', 30));
    await insertMeeting(db, meeting('2026-03-09T13:00:00Z'), 'cancelled');
    await insertMeeting(db, meeting('2026-03-09T13:00:00Z'));
    await insertMeeting(db, { ...meeting('2026-03-09T10:00:00Z'), advisor: otherAdvisor });
    const rows = await db.select().from(advisorMeetings).where(eq(advisorMeetings.advisorId, advisor.id));
    expect(rows.map((row) => [row.startAt.toISOString(), row.status]).sort()).toEqual([
      ['2026-03-09T10:00:00.000Z', 'scheduled'],
      ['2026-03-09T11:15:00.000Z', 'scheduled'],
      ['2026-03-09T13:00:00.000Z', 'cancelled'],
      ['2026-03-09T13:00:00.000Z', 'scheduled'],
    ]);
    // Cancelling is no way back in: un-cancelling the overlapping one is refused too.
    const [cancelled] = rows.filter((row) => row.status === 'cancelled');
    const reopen = await db
      .update(advisorMeetings)
      .set({ status: 'scheduled' })
      .where(eq(advisorMeetings.id, cancelled!.id))
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(isExclusionViolation(reopen)).toBe(true);
  });
});
