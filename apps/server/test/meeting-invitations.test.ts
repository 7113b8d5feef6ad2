import path from 'node:path';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  formatSlotTime,
  mergeNotificationPreferences,
  schedulingEndpoints,
} from '@smart/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/db/schema/index.js';
import {
  availabilityIn,
  book,
  bookingBody,
  MEETINGS_NOW,
  saveAvailability,
  startsFrom,
} from './helpers/advisor-meetings.js';
import type { Member } from './helpers/factories.js';
import { apiTest } from './helpers/fixture.js';
import { type ParsedEvent, parseCalendar } from './helpers/icalendar.js';
import { readMailbox } from './helpers/mailbox.js';
import { fannedOut, told } from './helpers/notifications.js';

/**
 * Invitation e-mails: every change of a meeting mails its people the meeting's .ics
 * (RFC 5545 in an iMIP message), each parsed here with a real iCalendar parser. One UID for the
 * meeting's life, a SEQUENCE that grows with every change, REQUEST for a booking or a move and
 * CANCEL for a cancellation (and for an attendee taken off), times in UTC, the advisor organizing.
 */
const test = apiTest({ demoData: false, clock: () => MEETINGS_NOW });
const nextStart = startsFrom('2026-03-10');

/** The invitation e-mails `person` has received, once there are `count`, with their .ics parsed. */
async function invitationsOf(mailbox: string, person: Member, count: number) {
  const received = async () =>
    (await readMailbox(mailbox)).filter((mail) => mail.to === person.email && mail.invitation !== null);
  await expect
    .poll(async () => (await received()).length, {
      timeout: 8_000,
      interval: 100,
      message: `${count} invitations to ${person.email}`,
    })
    .toBe(count);
  return (await received()).map((mail) => ({ mail, calendar: parseCalendar(mail.invitation?.ics ?? '') }));
}

type Invitation = Awaited<ReturnType<typeof invitationsOf>>[number];

/** The one VEVENT of an invitation, after checking that its alternative and its file say the same METHOD. */
function eventOf({ mail, calendar }: Invitation): ParsedEvent {
  expect(mail.invitation?.filename).toBe('invite.ics');
  expect(mail.invitation?.method).toBe(calendar.method);
  expect(calendar.events).toHaveLength(1);
  return calendar.events[0] as ParsedEvent;
}

const subjectTime = (start: string, timeZone = 'UTC') => formatSlotTime(start, timeZone, { zoneName: 'short' });
const addresses = (...people: Member[]) => people.map((person) => person.email.toLowerCase()).sort();

// Three changes, each mailed to several people by the real e-mail worker.
test('a booking, a move with attendees changed and a cancellation: one UID, a growing SEQUENCE, REQUEST then CANCEL', {
  timeout: 120_000,
}, async ({ t, make }) => {
  const mailbox = path.join(t.app.config.dataDir, 'mail');
  const org = await make.organization();
  const [booker, berliner, added] = await Promise.all([make.member(org.id), make.member(org.id), make.member(org.id)]);
  const advisor = await make.advisor([org.id]);
  await t.app.db.update(users).set({ timeZone: 'Europe/Berlin' }).where(eq(users.id, berliner.id));

  // 1. The member books, with a colleague: the advisor, the colleague and the booker itself are invited.
  const meeting = await book(
    t,
    booker,
    bookingBody(advisor.id, nextStart(), { topic: 'Cash flow review', attendeeIds: [berliner.id] }),
  );
  const [toAdvisor] = await invitationsOf(mailbox, advisor, 1);
  const [toBerliner] = await invitationsOf(mailbox, berliner, 1);
  const [toBooker] = await invitationsOf(mailbox, booker, 1);
  const booked = [toAdvisor, toBerliner, toBooker].map((invitation) => eventOf(invitation as Invitation));
  for (const [index, invitation] of [toAdvisor, toBerliner, toBooker].entries()) {
    expect(invitation?.calendar.method).toBe('REQUEST');
    const event = booked[index] as ParsedEvent;
    expect(event.uid).toBe(booked[0]?.uid);
    expect(event.uid.startsWith(meeting.icalUid)).toBe(true);
    expect(event).toMatchObject({
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Cash flow review',
      start: meeting.start,
      end: meeting.end,
      utc: true,
      organizer: advisor.email.toLowerCase(),
    });
    expect([...event.attendees].sort()).toEqual(addresses(booker, berliner));
    expect(event.url).toBe(`${t.app.config.appUrl}/dashboard/sessions?session=${meeting.id}`);
  }
  // The subject tells the time in the recipient's own zone.
  expect(toAdvisor?.mail.subject).toBe(`Invitation: Cash flow review — ${subjectTime(meeting.start)}`);
  expect(toBerliner?.mail.subject).toBe(
    `Invitation: Cash flow review — ${subjectTime(meeting.start, 'Europe/Berlin')}`,
  );
  // The booker made the change: its e-mail says so, and its bell says nothing of it.
  expect(toBooker?.mail.text).toContain('You booked the session "Cash flow review"');
  await fannedOut(t.app.db, meeting.id);
  const bookedTold = await told(t.app.db, meeting.id, 'session_booked');
  expect(bookedTold.find((row) => row.recipientId === booker.id)).toEqual({ recipientId: booker.id, inApp: false });
  expect(bookedTold.find((row) => row.recipientId === advisor.id)).toEqual({ recipientId: advisor.id, inApp: true });

  // 2. The advisor moves it and changes its attendees: the colleague is taken off, another is added.
  const movedStart = nextStart();
  const moved = await t.call(schedulingEndpoints.updateMeeting, {
    params: { id: meeting.id },
    token: advisor.token,
    body: { start: movedStart, attendeeIds: [booker.id, added.id] },
  });
  expect(moved.status, moved.response.body).toBe(200);
  const afterMove = {
    booker: await invitationsOf(mailbox, booker, 2),
    advisor: await invitationsOf(mailbox, advisor, 2),
  };
  const [toAdded] = await invitationsOf(mailbox, added, 1);
  const [, removedNotice] = await invitationsOf(mailbox, berliner, 2);
  for (const invitation of [afterMove.booker[1], afterMove.advisor[1], toAdded]) {
    const event = eventOf(invitation as Invitation);
    expect(invitation?.calendar.method).toBe('REQUEST');
    expect(event).toMatchObject({ uid: booked[0]?.uid, sequence: 1, start: movedStart, utc: true });
    expect([...event.attendees].sort()).toEqual(addresses(booker, added));
  }
  expect(afterMove.booker[1]?.mail.subject).toBe(`Updated invitation: Cash flow review — ${subjectTime(movedStart)}`);
  expect(toAdded?.mail.subject).toBe(`Invitation: Cash flow review — ${subjectTime(movedStart)}`);
  // The colleague taken off gets the CANCEL of the same event, listing only itself.
  const removed = eventOf(removedNotice as Invitation);
  expect(removedNotice?.calendar.method).toBe('CANCEL');
  expect(removedNotice?.mail.subject).toMatch(/^Cancelled: Cash flow review — /);
  expect(removed).toMatchObject({ uid: booked[0]?.uid, sequence: 1, status: 'CANCELLED' });
  expect(removed.attendees).toEqual(addresses(berliner));

  // 3. The booker cancels: everyone left gets the CANCEL, one SEQUENCE higher.
  const cancelled = await t.call(schedulingEndpoints.cancelMeeting, {
    params: { id: meeting.id },
    token: booker.token,
    body: { reason: 'Numbers not ready' },
  });
  expect(cancelled.status, cancelled.response.body).toBe(200);
  for (const [person, count] of [
    [advisor, 3],
    [booker, 3],
    [added, 2],
  ] as const) {
    const last = (await invitationsOf(mailbox, person, count))[count - 1] as Invitation;
    expect(last.calendar.method).toBe('CANCEL');
    expect(last.mail.subject).toBe(`Cancelled: Cash flow review — ${subjectTime(movedStart)}`);
    expect(eventOf(last)).toMatchObject({ uid: booked[0]?.uid, sequence: 2, status: 'CANCELLED', start: movedStart });
  }
  // Nothing more reached the colleague taken off before.
  expect(await invitationsOf(mailbox, berliner, 2)).toHaveLength(2);
});

test('an invitation e-mail is not turned off by the e-mail toggles, and has no unsubscribe link', async ({
  t,
  make,
}) => {
  const mailbox = path.join(t.app.config.dataDir, 'mail');
  const org = await make.organization();
  const [booker, quiet] = await Promise.all([make.member(org.id), make.member(org.id)]);
  const advisor = await make.advisor([org.id]);
  const everyEmailOff = { systemAlerts: false, taskAssignments: false, projectUpdates: false, teamMessages: false };
  await t.app.db
    .update(users)
    .set({
      notificationPreferences: mergeNotificationPreferences(DEFAULT_NOTIFICATION_PREFERENCES, {
        email: { ...everyEmailOff, newsletter: false },
      }),
    })
    .where(eq(users.id, quiet.id));
  await book(t, booker, bookingBody(advisor.id, nextStart(), { attendeeIds: [quiet.id] }));
  const [invitation] = await invitationsOf(mailbox, quiet, 1);
  expect(invitation?.calendar.method).toBe('REQUEST');
  expect(invitation?.mail.headers['list-unsubscribe']).toBeUndefined();
});

test("an invitation carries the advisor's zone with its VTIMEZONE: 9:00 in New York the day after clocks moved", async ({
  t,
  make,
}) => {
  const mailbox = path.join(t.app.config.dataDir, 'mail');
  const org = await make.organization();
  const booker = await make.member(org.id);
  const advisor = await make.advisor([org.id]);
  await saveAvailability(t, advisor, availabilityIn('America/New_York'));
  // Monday 9 March 2026, 09:00 in New York: daylight time since the day before (13:00 UTC, not 14:00).
  const meeting = await book(t, booker, bookingBody(advisor.id, '2026-03-09T13:00:00.000Z'));
  const [invitation] = await invitationsOf(mailbox, booker, 1);
  const ics = invitation?.mail.invitation?.ics ?? '';
  expect(ics).toContain('DTSTART;TZID=America/New_York:20260309T090000');
  expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York');
  // A real parser, given only the calendar's own VTIMEZONE, reads the instant the meeting starts.
  expect(eventOf(invitation as Invitation)).toMatchObject({
    start: meeting.start,
    end: meeting.end,
    zone: 'America/New_York',
    utc: false,
  });
});
