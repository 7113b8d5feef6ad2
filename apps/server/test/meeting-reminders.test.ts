import path from 'node:path';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  MEETING_REMINDERS,
  mergeNotificationPreferences,
  notificationEndpoints,
} from '@smart/contracts';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import {
  advisorMeetingAttendees,
  advisorMeetings,
  blockedRange,
  meetingReminders,
  users,
} from '../src/db/schema/index.js';
import { sweepMeetingReminders } from '../src/modules/scheduling/reminders.js';
import type { Factories, Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { readMailbox } from './helpers/mailbox.js';
import { deliveredTo, eventTypes, fannedOut, sorted, told } from './helpers/notifications.js';

/**
 * Meeting reminders: 24 hours and 1 hour before a scheduled meeting, to its advisor and
 * attendees, each once across sweeps, moved by a reschedule and dropped by a cancellation. The
 * sweep is driven with the instant it should believe is now (REMINDER_INTERVAL_SECONDS=0 in tests).
 */
const test = apiTest({ demoData: false });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (base: Date, offsetMs: number) => new Date(base.getTime() + offsetMs);

interface Setting {
  db: Database;
  make: Factories;
  organizationId: string;
}

/** A scheduled 30-minute meeting straight in the database, its time set at `timeSetAt`, with a new advisor. */
async function meeting(
  { db, make, organizationId }: Setting,
  values: { start: string; timeSetAt: Date; attendees: Member[]; topic?: string },
) {
  const advisor = await make.advisor([organizationId]);
  const startAt = new Date(values.start);
  const endAt = at(startAt, 30 * MINUTE);
  const [row] = await db
    .insert(advisorMeetings)
    .values({
      organizationId,
      advisorId: advisor.id,
      bookedBy: values.attendees[0]?.id ?? advisor.id,
      startAt,
      endAt,
      length: 30,
      topic: values.topic ?? `Session at ${values.start}`,
      blocked: blockedRange(startAt, endAt, 0),
      timeSetAt: values.timeSetAt,
    })
    .returning();
  if (!row) throw new Error('session not made');
  if (values.attendees.length > 0) {
    await db
      .insert(advisorMeetingAttendees)
      .values(values.attendees.map((person) => ({ meetingId: row.id, userId: person.id, organizationId })));
  }
  return { ...row, advisor };
}

/** The reminders the meeting has been given, "kind@start", after a sweep at `now`. */
async function sweepAt(setting: Setting, now: Date, meetingId: string) {
  await sweepMeetingReminders(setting.db, now);
  const rows = await setting.db
    .select({ kind: meetingReminders.kind, startAt: meetingReminders.startAt })
    .from(meetingReminders)
    .where(eq(meetingReminders.meetingId, meetingId))
    .orderBy(asc(meetingReminders.startAt), asc(meetingReminders.kind));
  return rows.map((row) => `${row.kind}@${row.startAt.toISOString()}`);
}

test('each reminder at its moment, 24 h then 1 h before, once each', async ({ t, make }) => {
  const org = await make.organization();
  const setting = { db: t.app.db, make, organizationId: org.id };
  const member = await make.member(org.id);
  const start = new Date('2026-05-12T15:00:00Z');
  const { id } = await meeting(setting, {
    start: start.toISOString(),
    timeSetAt: at(start, -72 * HOUR),
    attendees: [member],
  });
  const key = (kind: string) => `${kind}@${start.toISOString()}`;

  expect(await sweepAt(setting, at(start, -24 * HOUR - MINUTE), id)).toEqual([]);
  expect(await sweepAt(setting, at(start, -24 * HOUR), id)).toEqual([key('24h')]);
  expect(await sweepAt(setting, at(start, -23 * HOUR), id)).toEqual([key('24h')]);
  expect(await sweepAt(setting, at(start, -HOUR - MINUTE), id)).toEqual([key('24h')]);
  expect(await sweepAt(setting, at(start, -HOUR), id)).toEqual([key('1h'), key('24h')]);
  expect(await sweepAt(setting, at(start, -MINUTE), id)).toEqual([key('1h'), key('24h')]);
  expect(await sweepAt(setting, start, id)).toEqual([key('1h'), key('24h')]);
  // One event per reminder, whatever the number of sweeps.
  expect(await eventTypes(t.app.db, id)).toEqual(['session_reminder', 'session_reminder']);
});

test('a session booked 3 hours ahead gets the 1-hour reminder only', async ({ t, make }) => {
  const org = await make.organization();
  const setting = { db: t.app.db, make, organizationId: org.id };
  const start = new Date('2026-05-13T10:00:00Z');
  const { id } = await meeting(setting, {
    start: start.toISOString(),
    timeSetAt: at(start, -3 * HOUR),
    attendees: [await make.member(org.id)],
  });
  expect(await sweepAt(setting, at(start, -3 * HOUR + MINUTE), id)).toEqual([]);
  expect(await sweepAt(setting, at(start, -2 * HOUR), id)).toEqual([]);
  expect(await sweepAt(setting, at(start, -HOUR), id)).toEqual([`1h@${start.toISOString()}`]);
});

test('a sweep that comes late gives only the reminder still true ("1 hour", not "24 hours" beside it)', async ({
  t,
  make,
}) => {
  const org = await make.organization();
  const setting = { db: t.app.db, make, organizationId: org.id };
  const start = new Date('2026-05-14T10:00:00Z');
  const { id } = await meeting(setting, {
    start: start.toISOString(),
    timeSetAt: at(start, -5 * 24 * HOUR),
    attendees: [await make.member(org.id)],
  });
  expect(await sweepAt(setting, at(start, -30 * MINUTE), id)).toEqual([`1h@${start.toISOString()}`]);
});

test('a reschedule moves the reminders; a cancellation drops them', async ({ t, make }) => {
  const org = await make.organization();
  const setting = { db: t.app.db, make, organizationId: org.id };
  const first = new Date('2026-05-20T09:00:00Z');
  const moved = new Date('2026-05-22T13:00:00Z');
  const made = await meeting(setting, {
    start: first.toISOString(),
    timeSetAt: at(first, -72 * HOUR),
    attendees: [await make.member(org.id)],
  });
  expect(await sweepAt(setting, at(first, -24 * HOUR), made.id)).toEqual([`24h@${first.toISOString()}`]);

  // Moved two days later, 20 hours before its first time (as PATCH /api/sessions/{id} sets it).
  const movedAt = at(first, -20 * HOUR);
  await t.app.db
    .update(advisorMeetings)
    .set({
      startAt: moved,
      endAt: at(moved, 30 * MINUTE),
      blocked: blockedRange(moved, at(moved, 30 * MINUTE), 0),
      timeSetAt: movedAt,
    })
    .where(eq(advisorMeetings.id, made.id));
  // Nothing is owed at the old time any more; both are owed again for the new one.
  expect(await sweepAt(setting, at(first, -HOUR), made.id)).toEqual([`24h@${first.toISOString()}`]);
  expect(await sweepAt(setting, at(moved, -24 * HOUR), made.id)).toEqual([
    `24h@${first.toISOString()}`,
    `24h@${moved.toISOString()}`,
  ]);

  await t.app.db
    .update(advisorMeetings)
    .set({ status: 'cancelled', cancelledAt: at(moved, -2 * HOUR) })
    .where(eq(advisorMeetings.id, made.id));
  expect(await sweepAt(setting, at(moved, -HOUR), made.id)).toEqual([
    `24h@${first.toISOString()}`,
    `24h@${moved.toISOString()}`,
  ]);
});

test('the advisor and the attendees are told in the app, and by e-mail unless their system alerts are off', async ({
  t,
  make,
}) => {
  const org = await make.organization();
  const setting = { db: t.app.db, make, organizationId: org.id };
  const [mailed, quiet, bystander] = await Promise.all([make.member(org.id), make.member(org.id), make.member(org.id)]);
  await t.app.db
    .update(users)
    .set({
      notificationPreferences: mergeNotificationPreferences(DEFAULT_NOTIFICATION_PREFERENCES, {
        email: { systemAlerts: false },
      }),
    })
    .where(eq(users.id, quiet.id));
  const start = new Date('2026-06-02T08:00:00Z');
  const made = await meeting(setting, {
    start: start.toISOString(),
    timeSetAt: at(start, -72 * HOUR),
    attendees: [mailed, quiet],
    topic: 'Pricing review',
  });
  expect(await sweepAt(setting, at(start, -HOUR), made.id)).toEqual([`1h@${start.toISOString()}`]);
  await fannedOut(t.app.db, made.id);

  expect(await told(t.app.db, made.id, 'session_reminder')).toEqual(
    sorted(made.advisor.id, mailed.id, quiet.id).map((recipientId) => ({ recipientId, inApp: true })),
  );
  expect(await deliveredTo(t.app.db, made.id, 'session_reminder', 'email')).toEqual(sorted(made.advisor.id, mailed.id));
  expect((await told(t.app.db, made.id, 'session_reminder')).map((row) => row.recipientId)).not.toContain(bystander.id);

  // The bell's item, from nobody; the e-mail says the same.
  const inbox = await t.call(notificationEndpoints.list, { query: { status: 'all' }, token: mailed.token });
  expect(
    inbox.data
      .filter((item: { record: { id: string } }) => item.record.id === made.id)
      .map((item: { type: string; text: string; actor: unknown }) => [item.type, item.text, item.actor]),
  ).toEqual([['session_reminder', 'The session "Pricing review" starts in 1 hour', null]]);
  const mailbox = path.join(t.app.config.dataDir, 'mail');
  await expect
    .poll(
      async () => (await readMailbox(mailbox)).filter((mail) => mail.to === mailed.email).map((mail) => mail.subject),
      {
        timeout: 15_000,
        interval: 50,
      },
    )
    .toEqual(['The session "Pricing review" starts in 1 hour']);
  expect((await readMailbox(mailbox)).filter((mail) => mail.to === quiet.email)).toEqual([]);
});

test('two sweeps at once, in small batches, give each reminder once', async ({ t, make }) => {
  const org = await make.organization();
  const setting = { db: t.app.db, make, organizationId: org.id };
  const start = new Date('2026-06-10T12:00:00Z');
  const made = await Promise.all(
    Array.from({ length: 5 }, async (_, index) =>
      meeting(setting, {
        start: at(start, index * MINUTE).toISOString(),
        timeSetAt: at(start, -72 * HOUR),
        attendees: [await make.member(org.id)],
      }),
    ),
  );
  // 24 h before the last one: every one of them owes its 24-hour reminder, nothing else in this file does.
  const now = at(start, 4 * MINUTE - MEETING_REMINDERS['24h'] * MINUTE);
  const [first, second] = await Promise.all([
    sweepMeetingReminders(t.app.db, now, 2),
    sweepMeetingReminders(t.app.db, now, 2),
  ]);
  expect(first + second).toBe(made.length);
  for (const { id } of made) expect(await eventTypes(t.app.db, id)).toEqual(['session_reminder']);
});
