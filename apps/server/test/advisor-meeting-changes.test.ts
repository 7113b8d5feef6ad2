import {
  advisorEndpoints,
  LIVE_CONNECTION_HEADER,
  MEETING_EVENTS,
  type MeetingChangedEvent,
  type NotificationData,
  organizationEndpoints,
  schedulingEndpoints,
  UI_TEXT,
  type UpdateMeetingBody,
  userEndpoints,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect } from 'vitest';
import { book, bookingBody, MEETINGS_NOW, startsFrom } from './helpers/advisor-meetings.js';
import type { TestApp } from './helpers/app.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';

/**
 * Changing a meeting: reschedule and update keep the meeting and its invitation UID with
 * SEQUENCE + 1, cancel keeps the record with who and why; each change records its notifications in
 * its transaction and tells the people's pages live; an ended assignment or a closed organization
 * cancels the future meetings. The app's clock is held on Monday 2 March 2026, 12:00 UTC.
 */
const test = apiTest({ demoData: false, clock: () => MEETINGS_NOW });
const nextStart = startsFrom();
// The app and the cast are made before the first test (a hook's time, not a test's).
test.beforeAll(async ({ cast }) => {
  expect(cast.organization.id).toBeTruthy();
});

/** An organization with its org_admin, three members and its advisor; `booker` booked a meeting with `colleague`. */
async function scene(make: Factories, t: TestApp) {
  const organization = await make.organization();
  const [orgAdmin, booker, colleague, bystander, advisor] = await Promise.all([
    make.member(organization.id, { role: 'org_admin' }),
    make.member(organization.id),
    make.member(organization.id),
    make.member(organization.id),
    make.advisor([organization.id]),
  ]);
  const meeting = await book(t, booker, bookingBody(advisor.id, nextStart(), { attendeeIds: [colleague.id] }));
  return { organization, orgAdmin, booker, colleague, bystander, advisor, meeting };
}

const patch = (t: TestApp, by: Member, id: string, body: UpdateMeetingBody, headers: Record<string, string> = {}) =>
  t.call(schedulingEndpoints.updateMeeting, { params: { id }, body, as: by, headers });
const cancel = (t: TestApp, by: Member, id: string, reason: string, headers: Record<string, string> = {}) =>
  t.call(schedulingEndpoints.cancelMeeting, { params: { id }, body: { reason }, as: by, headers });
const meetingAs = (t: TestApp, by: Member, id: string) =>
  t.call(schedulingEndpoints.getMeeting, { params: { id }, as: by });

interface RecordedEvent {
  type: string;
  actorId: string | null;
  audience: { users?: string[]; withoutAccessCheck?: string[] };
  data: NotificationData;
}

/** The notification events recorded for a meeting, oldest first. */
async function eventsOf(t: TestApp, meetingId: string): Promise<RecordedEvent[]> {
  const { rows } = (await t.database.db.execute(sql`select type, actor_id as "actorId", audience, data
    from notification_events where record_type = 'session' and record_id = ${meetingId}::uuid
    order by created_at, id`)) as unknown as { rows: RecordedEvent[] };
  return rows;
}

const sorted = (ids: (string | undefined)[]) => [...ids].sort();

/** Moves a meeting back by some days, as if it had started (its blocked range with it). */
async function moveIntoPast(t: TestApp, meetingId: string) {
  await t.database.db.execute(sql`update advisor_sessions set start_at = start_at - interval '30 days',
    end_at = end_at - interval '30 days',
    blocked = tstzrange(lower(blocked) - interval '30 days', upper(blocked) - interval '30 days')
    where id = ${meetingId}::uuid`);
}

describe('rescheduling and changing a session', () => {
  test('a reschedule keeps the session and its UID, SEQUENCE + 1, and sets when its time was set', async ({
    t,
    make,
  }) => {
    const s = await scene(make, t);
    const start = nextStart();
    const response = await patch(t, s.advisor, s.meeting.id, { start, length: 60 });
    expect(response.status, response.response.body).toBe(200);
    const moved = response.data;
    expect(moved).toMatchObject({
      id: s.meeting.id,
      icalUid: s.meeting.icalUid,
      sequence: 1,
      start: new Date(start).toISOString(),
      end: new Date(Date.parse(start) + 60 * 60_000).toISOString(),
      length: 60,
      topic: s.meeting.topic,
    });
    const updated = await patch(t, s.orgAdmin, s.meeting.id, { topic: 'Payroll', agenda: 'Two items' });
    expect(updated.data).toMatchObject({ icalUid: s.meeting.icalUid, sequence: 2, topic: 'Payroll' });
    // The same values again change nothing: no new SEQUENCE, nobody told.
    const same = await patch(t, s.booker, s.meeting.id, { topic: 'Payroll', start });
    expect(same.data.sequence).toBe(2);
    const { rows } = (await t.database.db.execute(
      sql`select time_set_at from advisor_sessions where id = ${s.meeting.id}::uuid`,
    )) as unknown as { rows: { time_set_at: string | Date }[] };
    expect(new Date(rows[0]?.time_set_at ?? 0).getTime()).toBe(MEETINGS_NOW);
    expect((await eventsOf(t, s.meeting.id)).map((event) => event.type)).toEqual([
      'session_booked',
      'session_rescheduled',
      'session_updated',
    ]);
  });

  test("a new time follows the advisor's rules and the other sessions (409); the old time is free again", async ({
    t,
    make,
  }) => {
    const s = await scene(make, t);
    const other = await book(t, s.colleague, bookingBody(s.advisor.id, nextStart()));
    const taken = await patch(t, s.booker, s.meeting.id, { start: other.start });
    expect(taken.status).toBe(409);
    expect(taken.refusal.error).toBe(UI_TEXT.meetingTimeTaken);
    const outside = await patch(t, s.booker, s.meeting.id, { start: '2026-03-03T22:00:00Z' });
    expect(outside.status).toBe(400);
    expect(outside.refusal.error).toBe(UI_TEXT.meetingOutsideHours);
    const later = await patch(t, s.booker, s.meeting.id, { start: nextStart() });
    expect(later.status).toBe(200);
    // Lengthening into its own time is no clash with itself.
    const longer = await patch(t, s.booker, s.meeting.id, { length: 60 });
    expect(longer.status, longer.response.body).toBe(200);
    await book(t, s.bystander, bookingBody(s.advisor.id, s.meeting.start));
  });

  test('a deactivated advisor’s session is not rescheduled, as it is not booked', async ({ t, make }) => {
    const s = await scene(make, t);
    const admin = await make.admin();
    const off = await t.call(userEndpoints.deactivate, { params: { id: s.advisor.id }, as: admin });
    expect(off.status, off.response.body).toBe(200);
    const moved = await patch(t, s.booker, s.meeting.id, { start: nextStart() });
    expect(moved.status).toBe(404);
    expect(moved.refusal.error).toBe(UI_TEXT.advisorNotFound);
    // Its topic may still change; the time is where it was.
    expect((await patch(t, s.booker, s.meeting.id, { topic: 'Agenda only' })).status).toBe(200);
    const now = await meetingAs(t, s.booker, s.meeting.id);
    expect(now.data.start).toBe(s.meeting.start);
  });

  test('a member who only attends may not change or cancel; a cancelled or started session is kept as it was', async ({
    t,
    make,
  }) => {
    const s = await scene(make, t);
    for (const response of [
      await patch(t, s.colleague, s.meeting.id, { topic: 'Mine now' }),
      await cancel(t, s.colleague, s.meeting.id, 'No'),
    ]) {
      expect(response.status).toBe(403);
      expect(response.refusal.error).toBe(UI_TEXT.meetingChangeDenied);
    }
    const colleagueView = await meetingAs(t, s.colleague, s.meeting.id);
    expect(colleagueView.data.permissions).toEqual({ canEdit: false, canCancel: false });
    // The bystander does not see it at all.
    expect((await patch(t, s.bystander, s.meeting.id, { topic: 'x' })).status).toBe(404);

    const started = await book(t, s.booker, bookingBody(s.advisor.id, nextStart()));
    await moveIntoPast(t, started.id);
    for (const response of [
      await patch(t, s.booker, started.id, { topic: 'Late' }),
      await cancel(t, s.booker, started.id, 'Late'),
    ]) {
      expect(response.status).toBe(400);
      expect(response.refusal.error).toBe(UI_TEXT.meetingAlreadyPast);
    }
    const past = await meetingAs(t, s.booker, started.id);
    expect(past.data.permissions).toEqual({ canEdit: false, canCancel: false });

    expect((await cancel(t, s.booker, s.meeting.id, 'Clash')).status).toBe(200);
    for (const response of [
      await patch(t, s.booker, s.meeting.id, { topic: 'Again' }),
      await cancel(t, s.advisor, s.meeting.id, 'Again'),
    ]) {
      expect(response.status).toBe(400);
      expect(response.refusal.error).toBe(UI_TEXT.meetingAlreadyCancelled);
    }
  });

  test('attendees: the added are invited, the removed get a CANCEL naming them, the rest an update', async ({
    t,
    make,
  }) => {
    const s = await scene(make, t);
    // The booker stays: it attends the meeting it booked.
    const response = await patch(t, s.orgAdmin, s.meeting.id, { attendeeIds: [s.bystander.id] });
    expect(response.status, response.response.body).toBe(200);
    const after = sorted([s.booker.id, s.bystander.id]);
    expect(sorted(response.data.attendees.map((person) => person.id))).toEqual(after);
    // One change's events are recorded together: find each by its type.
    const events = await eventsOf(t, s.meeting.id);
    const ofType = (type: string) => events.filter((event) => event.type === type).at(-1);
    const [updated, invited, dropped] = [
      ofType('session_updated'),
      ofType('session_booked'),
      ofType('session_cancelled'),
    ];
    expect(events).toHaveLength(4);
    expect(updated).toMatchObject({ type: 'session_updated', actorId: s.orgAdmin.id });
    expect(sorted(updated?.audience.users ?? [])).toEqual(sorted([s.advisor.id, s.booker.id]));
    expect(updated?.data.session).toMatchObject({ method: 'REQUEST', sequence: 1 });
    expect(sorted(updated?.data.session?.attendeeIds ?? [])).toEqual(after);
    expect(invited).toMatchObject({ type: 'session_booked', audience: { users: [s.bystander.id] } });
    expect(sorted(invited?.data.session?.attendeeIds ?? [])).toEqual(after);
    // Told without the access check: the one dropped can no longer read the meeting (below), and
    // its calendar must still drop the event.
    expect(dropped).toMatchObject({
      type: 'session_cancelled',
      audience: { withoutAccessCheck: [s.colleague.id] },
      data: { session: { method: 'CANCEL', attendeeIds: [s.colleague.id], sequence: 1 } },
    });
    // The one dropped no longer reads it.
    const gone = await meetingAs(t, s.colleague, s.meeting.id);
    expect(gone.status).toBe(404);
  });
});

describe('cancelling a session', () => {
  test('keeps the record with who cancelled, when and why; tells everyone; frees the time', async ({ t, make }) => {
    const s = await scene(make, t);
    const response = await cancel(t, s.advisor, s.meeting.id, 'I am ill, sorry');
    expect(response.status, response.response.body).toBe(200);
    expect(response.data).toMatchObject({
      id: s.meeting.id,
      icalUid: s.meeting.icalUid,
      status: 'cancelled',
      sequence: 1,
      cancelledBy: { id: s.advisor.id },
      cancelledAt: new Date(MEETINGS_NOW).toISOString(),
      cancelReason: 'I am ill, sorry',
      permissions: { canEdit: false, canCancel: false },
    });
    const [booked, cancelled] = await eventsOf(t, s.meeting.id);
    expect(booked).toMatchObject({
      type: 'session_booked',
      actorId: s.booker.id,
      data: {
        title: s.meeting.topic,
        organizationName: s.organization.name,
        session: { start: s.meeting.start, end: s.meeting.end, sequence: 0, method: 'REQUEST' },
      },
    });
    expect(sorted(booked?.audience.users ?? [])).toEqual(sorted([s.advisor.id, s.booker.id, s.colleague.id]));
    expect(cancelled).toMatchObject({
      type: 'session_cancelled',
      actorId: s.advisor.id,
      data: { excerpt: 'I am ill, sorry', session: { method: 'CANCEL', sequence: 1 } },
    });
    expect(sorted(cancelled?.audience.users ?? [])).toEqual(sorted([s.advisor.id, s.booker.id, s.colleague.id]));
    expect(sorted(cancelled?.data.session?.attendeeIds ?? [])).toEqual(sorted([s.booker.id, s.colleague.id]));
    // Its time is free again.
    await book(t, s.bystander, bookingBody(s.advisor.id, s.meeting.start));
  });
});

describe('session_changed, live', () => {
  test("reaches the session's people, not the page that made the change nor anyone else", async ({
    t,
    make,
    sockets,
  }) => {
    const s = await scene(make, t);
    const [actingPage, bookerOtherTab, colleague, advisor, bystander] = await Promise.all([
      sockets.connect(s.booker),
      sockets.connect(s.booker),
      sockets.connect(s.colleague),
      sockets.connect(s.advisor),
      sockets.connect(s.bystander),
    ]);
    const heard = await sockets.heardBy<MeetingChangedEvent>(
      [actingPage, bookerOtherTab, colleague, advisor, bystander],
      MEETING_EVENTS.changed,
      () => patch(t, s.booker, s.meeting.id, { start: nextStart() }, { [LIVE_CONNECTION_HEADER]: actingPage.id ?? '' }),
    );
    const event = { sessionId: s.meeting.id, organizationId: s.organization.id, change: 'rescheduled' };
    expect(heard).toEqual([[], [event], [event], [event], []]);

    const removed = await sockets.heardBy<MeetingChangedEvent>([colleague, bystander], MEETING_EVENTS.changed, () =>
      patch(t, s.advisor, s.meeting.id, { attendeeIds: [s.bystander.id] }),
    );
    // The one removed hears it too (its page drops the meeting); the one added now attends.
    expect(removed.map((events) => events.map((e) => e.change))).toEqual([['updated'], ['updated']]);

    const booked = await sockets.heardBy<MeetingChangedEvent>([advisor], MEETING_EVENTS.changed, () =>
      book(t, s.colleague, bookingBody(s.advisor.id, nextStart())),
    );
    expect(booked[0]?.map((e) => e.change)).toEqual(['booked']);
  });
});

describe('the session as a calendar file', () => {
  test('GET /api/sessions/{id}/ics is an attachment any iCalendar parser reads: one UID, SEQUENCE, UTC times', async ({
    t,
    make,
  }) => {
    const s = await scene(make, t);
    await patch(t, s.booker, s.meeting.id, { topic: 'Budget; review, Q1' });
    const { response } = await t.call(schedulingEndpoints.meetingCalendar, {
      params: { id: s.meeting.id },
      as: s.colleague,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // Named after its topic, in the characters a header's quoted name holds.
    expect(response.headers['content-disposition']).toBe('attachment; filename="Budget review Q1.ics"');
    const calendar = new ICAL.Component(ICAL.parse(response.body) as unknown[]);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.uid).toBe(`${s.meeting.icalUid}@smart-sessions`);
    expect(event.sequence).toBe(1);
    expect(event.summary).toBe('Budget; review, Q1');
    expect(event.startDate.toJSDate().toISOString()).toBe(s.meeting.start);
    expect(event.endDate.toJSDate().toISOString()).toBe(s.meeting.end);
    expect(event.organizer).toBe(`mailto:${s.advisor.email}`);
    expect(event.attendees.map((attendee) => attendee.getFirstValue()).sort()).toEqual(
      [`mailto:${s.booker.email}`, `mailto:${s.colleague.email}`].sort(),
    );
    expect(event.component.getFirstPropertyValue('url')).toBe(
      `${t.app.config.appUrl}/dashboard/sessions?session=${s.meeting.id}`,
    );
  });
});

describe('sessions cancelled when the advisor or the organization goes', () => {
  const cancelledIds = async (t: TestApp, ids: string[]) => {
    const { rows } = (await t.database.db.execute(sql`select id::text, status, cancel_reason, cancelled_by::text
      from advisor_sessions where id = any(${`{${ids.join(',')}}`}::uuid[]) order by start_at`)) as unknown as {
      rows: { id: string; status: string; cancel_reason: string | null; cancelled_by: string | null }[];
    };
    return rows;
  };

  test('an assignment turned off cancels its future sessions with that organization, and tells the people', async ({
    t,
    make,
    cast,
    sockets,
  }) => {
    const s = await scene(make, t);
    const other = await make.organization();
    await t.call(advisorEndpoints.assign, {
      params: { orgId: other.id },
      body: { advisorId: s.advisor.id },
      as: cast.admin,
    });
    const elsewhere = await book(t, s.advisor, bookingBody(s.advisor.id, nextStart(), { organizationId: other.id }));
    const started = await book(t, s.colleague, bookingBody(s.advisor.id, nextStart()));
    await moveIntoPast(t, started.id);
    const advisorSocket = await sockets.connect(s.advisor);
    const [heard] = await sockets.heardBy<MeetingChangedEvent>([advisorSocket], MEETING_EVENTS.changed, async () => {
      const response = await t.call(advisorEndpoints.updateAssignment, {
        params: { orgId: s.organization.id, advisorId: s.advisor.id },
        body: { isActive: false },
        as: cast.admin,
      });
      expect(response.status, response.response.body).toBe(200);
    });
    expect(heard).toEqual([{ sessionId: s.meeting.id, organizationId: s.organization.id, change: 'cancelled' }]);
    const rows = await cancelledIds(t, [s.meeting.id, elsewhere.id, started.id]);
    expect(rows.find((row) => row.id === s.meeting.id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: UI_TEXT.meetingCancelledAssignmentEnded,
      cancelled_by: cast.admin.id,
    });
    // The meeting with its other organization and the one already under way stay.
    expect(rows.find((row) => row.id === elsewhere.id)?.status).toBe('scheduled');
    expect(rows.find((row) => row.id === started.id)?.status).toBe('scheduled');
    const cancelled = (await eventsOf(t, s.meeting.id)).at(-1);
    expect(cancelled).toMatchObject({
      type: 'session_cancelled',
      actorId: cast.admin.id,
      data: { excerpt: UI_TEXT.meetingCancelledAssignmentEnded, session: { method: 'CANCEL', sequence: 1 } },
    });
    expect(sorted(cancelled?.audience.withoutAccessCheck ?? [])).toEqual(
      sorted([s.advisor.id, s.booker.id, s.colleague.id]),
    );
  });

  test('an assignment removed cancels them the same way', async ({ t, make, cast }) => {
    const s = await scene(make, t);
    const response = await t.call(advisorEndpoints.removeAssignment, {
      params: { orgId: s.organization.id, advisorId: s.advisor.id },
      as: cast.admin,
    });
    expect(response.status, response.response.body).toBe(200);
    expect(await cancelledIds(t, [s.meeting.id])).toEqual([
      {
        id: s.meeting.id,
        status: 'cancelled',
        cancel_reason: UI_TEXT.meetingCancelledAssignmentEnded,
        cancelled_by: cast.admin.id,
      },
    ]);
    expect((await eventsOf(t, s.meeting.id)).map((event) => event.type)).toEqual([
      'session_booked',
      'session_cancelled',
    ]);
  });

  test("a closed organization's future sessions are all cancelled; another organization's stay", async ({
    t,
    make,
    cast,
  }) => {
    const s = await scene(make, t);
    const second = await book(
      t,
      s.advisor,
      bookingBody(s.advisor.id, nextStart(), { organizationId: s.organization.id, attendeeIds: [s.bystander.id] }),
    );
    const outside = await book(t, cast.user, bookingBody(cast.advisorAssigned.id, nextStart()));
    const response = await t.call(organizationEndpoints.close, { params: { id: s.organization.id }, as: s.orgAdmin });
    expect(response.status, response.response.body).toBe(200);
    const rows = await cancelledIds(t, [s.meeting.id, second.id, outside.id]);
    expect(rows.map((row) => [row.id, row.status, row.cancel_reason, row.cancelled_by])).toEqual([
      [s.meeting.id, 'cancelled', UI_TEXT.meetingCancelledOrganizationClosed, s.orgAdmin.id],
      [second.id, 'cancelled', UI_TEXT.meetingCancelledOrganizationClosed, s.orgAdmin.id],
      [outside.id, 'scheduled', null, null],
    ]);
    const [, cancelled] = await eventsOf(t, second.id);
    expect(cancelled).toMatchObject({
      type: 'session_cancelled',
      audience: { withoutAccessCheck: expect.arrayContaining([s.advisor.id, s.bystander.id]) },
    });
    // The advisor reads it, cancelled, in its schedule.
    const read = await meetingAs(t, s.advisor, second.id);
    expect(read.data).toMatchObject({ status: 'cancelled', cancelledBy: { id: s.orgAdmin.id } });
  });
});
