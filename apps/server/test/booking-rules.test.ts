import { schedulingEndpoints, UI_TEXT } from '@smart/contracts';
import { describe, expect } from 'vitest';
import { availabilityIn, book, bookingBody, MEETINGS_NOW, saveAvailability } from './helpers/advisor-meetings.js';
import type { TestApp } from './helpers/app.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

/**
 * An advisor's booking rules: sessions a day and a week, the cancellation cut-off, moves per
 * session. The app's clock is held on Monday 2 March 2026, 12:00 UTC (helpers/advisor-meetings.ts).
 */
const test = apiTest({ demoData: false, clock: () => MEETINGS_NOW });

const slotsOn = async (t: TestApp, member: Member, advisorId: string, day: string) => {
  const response = await t.call(schedulingEndpoints.slots, {
    params: { advisorId },
    query: { from: `${day}T00:00:00Z`, to: `${day}T23:59:00Z`, length: 30 },
    token: member.token,
  });
  expect(response.status, response.response.body).toBe(200);
  return response.data.slots.map((slot: { start: string }) => slot.start);
};

describe('sessions a day and a week', () => {
  test('twenty members booking one day at once: exactly the daily limit succeeds, and the day offers no more slots', async ({
    t,
    make,
  }) => {
    const organization = await make.organization();
    const advisor = await make.advisor([organization.id]);
    const members = await Promise.all(Array.from({ length: 20 }, () => make.member(organization.id)));
    await saveAvailability(t, advisor, availabilityIn('UTC', { maxSessionsPerDay: 3 }));
    // Sixteen half-hour starts of one Wednesday, 09:00 to 16:30; some asked for twice.
    const starts = Array.from({ length: 16 }, (_, index) =>
      new Date(Date.parse('2026-03-04T09:00:00Z') + index * 30 * 60_000).toISOString(),
    );
    const answers = await Promise.all(
      members.map((member, index) =>
        t.call(schedulingEndpoints.createMeeting, {
          body: bookingBody(advisor.id, starts[index % starts.length] as string),
          token: member.token,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    // The others: the day is full (or, for the same start, the time is taken).
    for (const answer of answers.filter((one) => one.status !== 201)) {
      expect(answer.status).toBe(409);
      expect([UI_TEXT.meetingDayFull, UI_TEXT.meetingTimeTaken]).toContain(answer.refusal.error);
    }
    expect(await slotsOn(t, members[0] as Member, advisor.id, '2026-03-04')).toEqual([]);
    expect((await slotsOn(t, members[0] as Member, advisor.id, '2026-03-05')).length).toBeGreaterThan(0);
  });

  test('a week at its limit offers nothing until the next Monday', async ({ t, make }) => {
    const organization = await make.organization();
    const advisor = await make.advisor([organization.id]);
    const member = await make.member(organization.id);
    await saveAvailability(t, advisor, availabilityIn('UTC', { maxSessionsPerWeek: 2 }));
    const tuesday = await book(t, member, bookingBody(advisor.id, '2026-03-03T09:00:00Z'));
    await book(t, member, bookingBody(advisor.id, '2026-03-04T09:00:00Z'));
    const third = await t.call(schedulingEndpoints.createMeeting, {
      body: bookingBody(advisor.id, '2026-03-05T09:00:00Z'),
      token: member.token,
    });
    expect(third.status).toBe(409);
    expect(third.refusal.error).toBe(UI_TEXT.meetingWeekFull);
    expect(await slotsOn(t, member, advisor.id, '2026-03-06')).toEqual([]);
    expect((await slotsOn(t, member, advisor.id, '2026-03-09')).length).toBeGreaterThan(0);
    // Moving one of the week's two: the rest of the week is open to it.
    const moving = await t.call(schedulingEndpoints.slots, {
      params: { advisorId: advisor.id },
      query: { from: '2026-03-06T00:00:00Z', to: '2026-03-06T23:59:00Z', length: 30, moving: tuesday.id },
      token: member.token,
    });
    expect(moving.data.slots.length).toBeGreaterThan(0);
  });
});

describe('the cut-off and the moves', () => {
  test('inside the cut-off a member may not cancel or move; the advisor may, with a reason; a session moves once', async ({
    t,
    make,
  }) => {
    const organization = await make.organization();
    const advisor = await make.advisor([organization.id]);
    const member = await make.member(organization.id);
    const orgAdmin = await make.member(organization.id, { role: 'org_admin' });
    // A day's notice to cancel or move; one move per session.
    await saveAvailability(t, advisor, availabilityIn('UTC', { cancelCutoffMinutes: 24 * 60, maxReschedules: 1 }));
    const tomorrow = await book(t, member, bookingBody(advisor.id, '2026-03-03T09:00:00Z'));
    const read = await t.call(schedulingEndpoints.getMeeting, { params: { id: tomorrow.id }, token: member.token });
    expect(read.data.permissions).toEqual({ canEdit: false, canCancel: false });
    expect(read.data.lockedReason).toBe(UI_TEXT.meetingInsideCutoff);
    const cancel = (member: Member, reason = '') =>
      t.call(schedulingEndpoints.cancelMeeting, { params: { id: tomorrow.id }, body: { reason }, token: member.token });
    expect((await cancel(member, 'Sick')).status).toBe(403);
    const moveByMember = await t.call(schedulingEndpoints.updateMeeting, {
      params: { id: tomorrow.id },
      body: { start: '2026-03-10T09:00:00Z' },
      token: member.token,
    });
    expect(moveByMember.status).toBe(403);
    expect(moveByMember.refusal.error).toBe(UI_TEXT.meetingInsideCutoff);
    const withoutReason = await cancel(orgAdmin);
    expect(withoutReason.status).toBe(400);
    expect(withoutReason.refusal.error).toBe(UI_TEXT.meetingCutoffNeedsReason);
    expect((await cancel(advisor, 'The advisor is ill')).status).toBe(200);

    // Next week's session: the member moves it once, then no more; the advisor still may.
    const later = await book(t, member, bookingBody(advisor.id, '2026-03-10T10:00:00Z'));
    const move = (by: Member, start: string) =>
      t.call(schedulingEndpoints.updateMeeting, { params: { id: later.id }, body: { start }, token: by.token });
    const first = await move(member, '2026-03-10T11:00:00Z');
    expect(first.status, first.response.body).toBe(200);
    expect(first.data.reschedules).toBe(1);
    const second = await move(member, '2026-03-10T12:00:00Z');
    expect(second.status).toBe(403);
    expect(second.refusal.error).toBe(UI_TEXT.meetingReschedulesUsed);
    expect((await move(advisor, '2026-03-10T13:00:00Z')).status).toBe(200);
    // The member may still cancel it (outside the cut-off).
    const mine = await t.call(schedulingEndpoints.getMeeting, { params: { id: later.id }, token: member.token });
    expect(mine.data.permissions).toEqual({ canEdit: false, canCancel: true });
  });
});
