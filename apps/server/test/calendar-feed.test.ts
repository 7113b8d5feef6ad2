import { randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_BUDGETS,
  CALENDAR_FEED_TOKEN_LENGTH,
  type CalendarFeed,
  type EventBudget,
  pathOf as endpointPath,
  organizationEndpoints,
  schedulingEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { users } from '../src/db/schema/index.js';
import { book, bookingBody, MEETINGS_NOW, startsFrom } from './helpers/advisor-meetings.js';
import { apiTest } from './helpers/fixture.js';
import { parseCalendar } from './helpers/icalendar.js';
import { captureLog } from './helpers/log-capture.js';

/**
 * The personal calendar feed: a secret URL a calendar app polls without a session,
 * listing the person's meetings and no one else's; a new URL revokes the old one; the token never
 * reaches the log; junk in its place is a 400 or a 404, never a 500.
 */
const captured = captureLog();
const test = apiTest({ demoData: false, clock: () => MEETINGS_NOW, logStream: captured.stream });
const nextStart = startsFrom('2026-03-17');

const FEED_URL = new RegExp(`^(https?://[^/]+)(/api/calendar/([A-Za-z0-9_-]{${CALENDAR_FEED_TOKEN_LENGTH}})\\.ics)$`);

/** The caller's feed (GET), or a new one (POST). */
async function feed(t: Parameters<typeof book>[0], token: string, method: 'GET' | 'POST' = 'GET') {
  const { getCalendarFeed, createCalendarFeed } = schedulingEndpoints;
  const response = await t.call(method === 'POST' ? createCalendarFeed : getCalendarFeed, { token });
  expect(response.status, response.response.body).toBe(method === 'POST' ? 201 : 200);
  return response.data as CalendarFeed;
}

/** The path of a feed URL, and its token. */
function pathOf(url: string | null) {
  const match = FEED_URL.exec(url ?? '');
  if (!match?.[2] || !match[3]) throw new Error(`not a feed URL: ${url}`);
  return { path: match[2], token: match[3] };
}

// The first test of the file also makes its app; then six bookings and changes, each fanned out.
test('lists the person’s own sessions without a session, in UTC, and a new URL revokes the old one', {
  timeout: 90_000,
}, async ({ t, make }) => {
  const org = await make.organization();
  const other = await make.organization();
  const [member, colleague, stranger] = await Promise.all([
    make.member(org.id),
    make.member(org.id),
    make.member(other.id),
  ]);
  const advisor = await make.advisor([org.id, other.id]);

  expect(await feed(t, member.token)).toEqual({ url: null, createdAt: null });
  const booked = await book(t, member, bookingBody(advisor.id, nextStart(), { topic: 'Booked by me' }));
  const invited = await book(
    t,
    colleague,
    bookingBody(advisor.id, nextStart(), { topic: 'Invited to', attendeeIds: [member.id] }),
  );
  const notMine = await book(t, colleague, bookingBody(advisor.id, nextStart(), { topic: 'Not mine' }));
  const elsewhere = await book(t, stranger, bookingBody(advisor.id, nextStart(), { topic: 'Other organization' }));
  const cancelled = await t.call(schedulingEndpoints.cancelMeeting, {
    params: { id: booked.id },
    token: member.token,
    body: { reason: 'Moved to email' },
  });
  expect(cancelled.status).toBe(200);

  const made = await feed(t, member.token, 'POST');
  expect(made.url).toMatch(FEED_URL);
  expect(made.createdAt).not.toBeNull();
  // The Sessions page shows the same URL again.
  expect(await feed(t, member.token)).toEqual(made);
  const { path, token } = pathOf(made.url);

  const response = await t.request({ method: 'GET', url: path });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  const calendar = parseCalendar(response.body);
  expect(calendar.method).toBe('PUBLISH');
  expect(calendar.events.map((event) => event.summary)).toEqual(['Booked by me', 'Invited to']);
  const [first, second] = calendar.events;
  // The cancelled one stays listed as cancelled, so a subscribed calendar removes it.
  expect(first).toMatchObject({ status: 'CANCELLED', start: booked.start, utc: true, sequence: 1 });
  expect(first?.uid.startsWith(booked.icalUid)).toBe(true);
  expect(second).toMatchObject({ status: 'CONFIRMED', start: invited.start, end: invited.end, utc: true });
  expect(second?.organizer).toBe(advisor.email.toLowerCase());
  expect(second?.attendees.sort()).toEqual([colleague.email, member.email].map((email) => email.toLowerCase()).sort());
  expect(response.body).not.toContain(notMine.icalUid);
  expect(response.body).not.toContain(elsewhere.icalUid);

  // The advisor's own feed lists every meeting it advises, across its organizations.
  const advisorFeed = pathOf((await feed(t, advisor.token, 'POST')).url);
  const advised = parseCalendar((await t.request({ method: 'GET', url: advisorFeed.path })).body);
  expect(advised.events.map((event) => event.summary).sort()).toEqual(
    ['Booked by me', 'Invited to', 'Not mine', 'Other organization'].sort(),
  );

  // A new URL: the old one is gone at once, the new one works.
  const renewed = await feed(t, member.token, 'POST');
  expect(renewed.url).not.toBe(made.url);
  expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(404);
  expect((await t.request({ method: 'GET', url: pathOf(renewed.url).path })).statusCode).toBe(200);

  // The request log names the route, never a token.
  const log = await captured.textWith('/api/calendar/:file');
  expect(log).toContain('"url":"/api/calendar/:file"');
  for (const secret of [token, pathOf(renewed.url).token, advisorFeed.token]) expect(log).not.toContain(secret);

  // A deactivated person's feed stops.
  await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, advisor.id));
  expect((await t.request({ method: 'GET', url: advisorFeed.path })).statusCode).toBe(404);
});

test('junk in place of a token is a 400, 404 or 414, never a 500, and is not logged', async ({ t, make }) => {
  const org = await make.organization();
  const member = await make.member(org.id);
  const { token } = pathOf((await feed(t, member.token, 'POST')).url);
  const junk = [
    `${token}`,
    `${token}.ICS`,
    `${token}.ics.ics`,
    `${token.slice(1)}.ics`,
    `${token.slice(0, -1)}!.ics`,
    `${'A'.repeat(CALENDAR_FEED_TOKEN_LENGTH)}.ics`,
    'not-a-token.ics',
    '%00.ics',
    `${token.slice(0, 20)}%00${token.slice(21)}.ics`,
    `${'x'.repeat(60)}.ics`,
    `${'x'.repeat(300)}.ics`,
    `${'x'.repeat(5000)}.ics`,
    '..%2F..%2Fetc%2Fpasswd',
    '%E0%A4%A.ics',
    `${token}.ics%20`,
  ];
  for (const name of junk) {
    // Sent as written (a typed call would encode it).
    const response = await t.request({ method: 'GET', url: `/api/calendar/${name}` });
    // 414: a path longer than the router reads at all.
    expect([400, 404, 414], `${name.slice(0, 80)}: ${response.statusCode}`).toContain(response.statusCode);
  }
  const log = await captured.textWith('not-a-token', 500);
  expect(log).not.toContain('not-a-token');
  expect(log).not.toContain(token.slice(0, 20));
});

test('the feed URL is the signed-in person’s own: without a session, 401', async ({ t }) => {
  expect((await t.call(schedulingEndpoints.getCalendarFeed, {})).status).toBe(401);
  expect((await t.call(schedulingEndpoints.createCalendarFeed, {})).status).toBe(401);
});

test('a closed organization’s member’s feed answers 404 as long as it is closed', async ({ t, make }) => {
  const org = await make.organization();
  const member = await make.member(org.id);
  const { path } = pathOf((await feed(t, member.token, 'POST')).url);
  const admin = await make.admin();
  const read = () => t.request({ method: 'GET', url: path, remoteAddress: '198.51.100.7' });
  expect((await read()).statusCode).toBe(200);

  const closed = await t.call(organizationEndpoints.close, { params: { id: org.id }, token: admin.token });
  expect(closed.status, closed.response.body).toBe(200);
  expect((await read()).statusCode).toBe(404);
  const reopened = await t.call(organizationEndpoints.reopen, { params: { id: org.id }, token: admin.token });
  expect(reopened.status, reopened.response.body).toBe(200);
  expect((await read()).statusCode).toBe(200);
});

/**
 * Polls until one is refused, each before it answered `status`: how many were answered. Buckets
 * refill as time passes, so the count is at least the burst and at most a minute's more.
 */
async function answeredUntilRefused(poll: () => Promise<LightMyRequestResponse>, status: number, budget: EventBudget) {
  for (let answered = 0; answered <= budget.burst + budget.perMinute; answered += 1) {
    const response = await poll();
    if (response.statusCode === 429) {
      expect(response.json().error).toBe(UI_TEXT.tooManyRequests);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(answered).toBeGreaterThanOrEqual(budget.burst);
      return answered;
    }
    expect(response.statusCode).toBe(status);
  }
  throw new Error('never refused');
}

test(`a feed answers ${CALENDAR_FEED_BUDGETS.feed.burst} polls at once, an address ${CALENDAR_FEED_BUDGETS.address.burst}: then 429 with Retry-After, others still answered`, async ({
  t,
  make,
}) => {
  const org = await make.organization();
  const [looping, other] = await Promise.all([make.member(org.id), make.member(org.id)]);
  const loopingFeed = pathOf((await feed(t, looping.token, 'POST')).url).path;
  const otherFeed = pathOf((await feed(t, other.token, 'POST')).url).path;
  const read = (url: string, remoteAddress: string) => t.request({ method: 'GET', url, remoteAddress });

  // The feed's budget holds whichever address polls it.
  let poll = 0;
  await answeredUntilRefused(() => read(loopingFeed, `192.0.2.${poll++ % 2}`), 200, CALENDAR_FEED_BUDGETS.feed);
  expect((await read(otherFeed, '192.0.2.1')).statusCode).toBe(200);

  // A guesser trying tokens from one address: each unknown (404) until the address's budget is spent.
  const guess = () =>
    endpointPath(schedulingEndpoints.calendarFeed, { file: `${randomBytes(32).toString('base64url')}.ics` });
  await answeredUntilRefused(() => read(guess(), '203.0.113.5'), 404, CALENDAR_FEED_BUDGETS.address);
  expect((await read(otherFeed, '203.0.113.6')).statusCode).toBe(200);
});
