import { type DomainEvent, schedulingEndpoints, WEBHOOK_PAYLOADS } from '@smart/contracts';
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { domainEvents } from '../src/db/schema/index.js';
import { webhookEventsOf } from '../src/modules/webhooks/events.js';
import { bookingBody, MEETINGS_NOW, startsFrom } from './helpers/advisor-meetings.js';
import { apiTest } from './helpers/fixture.js';

/*
 * Sessions as webhook events (docs/decisions/0278-webhook-events-and-payloads.md): booking,
 * rescheduling and cancelling through the API make session.booked, session.rescheduled and
 * session.cancelled; a change of topic alone makes none. The clock is held where the booking
 * helpers expect it.
 */

const test = apiTest({ demoData: false, clock: () => MEETINGS_NOW });
const nextStart = startsFrom();

test('a session booked, renamed, moved and cancelled makes booked, rescheduled and cancelled', async ({ t, cast }) => {
  const booked = await t.call(schedulingEndpoints.createMeeting, {
    token: cast.user.token,
    body: bookingBody(cast.advisorAssigned.id, nextStart()),
  });
  expect(booked.status, booked.response.body).toBe(201);
  const sessionId = booked.data.id as string;
  for (const body of [{ topic: 'Cash flow, again' }, { start: nextStart() }]) {
    const changed = await t.call(schedulingEndpoints.updateMeeting, {
      params: { id: sessionId },
      body,
      token: cast.user.token,
    });
    expect(changed.status, changed.response.body).toBe(200);
  }
  const cancelled = await t.call(schedulingEndpoints.cancelMeeting, {
    params: { id: sessionId },
    body: { reason: 'Travelling' },
    token: cast.advisorAssigned.token,
  });
  expect(cancelled.status, cancelled.response.body).toBe(200);

  const rows = (await t.app.db.select().from(domainEvents).orderBy(asc(domainEvents.occurredAt))) as DomainEvent[];
  const events = [];
  for (const row of rows) {
    events.push(...(await webhookEventsOf(t.app.db, row, 'https://smart.example.com')));
  }
  const sessions = events.filter((event) => event.type.startsWith('session.'));
  expect(sessions.map((event) => event.type)).toEqual(['session.booked', 'session.rescheduled', 'session.cancelled']);
  for (const event of sessions) expect(WEBHOOK_PAYLOADS[event.type].safeParse(event.data).success).toBe(true);
  expect(sessions[0]?.data.session).toMatchObject({
    id: sessionId,
    advisor: { id: cast.advisorAssigned.id },
    attendees: [{ id: cast.user.id }],
    url: `https://smart.example.com/dashboard/sessions?session=${sessionId}`,
  });
  const sequenceOf = (index: number) =>
    (sessions[index]?.data.session as { sequence: number } | undefined)?.sequence ?? -1;
  expect(sessions[1]?.data.session).toMatchObject({ topic: 'Cash flow, again' });
  expect(sequenceOf(1)).toBeGreaterThan(sequenceOf(0));
  expect(sessions[2]?.data).toMatchObject({
    reason: 'Travelling',
    withdrawn: false,
    actor: { id: cast.advisorAssigned.id },
  });
  for (const event of sessions) expect(event.recordKey).toBe(`session:${sessionId}`);
});
