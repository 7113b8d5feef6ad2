import type { AdvisorMeeting } from '@smart/contracts';
import { schedulingEndpoints } from '@smart/contracts';
import { expect } from 'vitest';
import { seedDemoSchedulingOnce } from '../src/db/seed/scheduling.js';
import { apiTest } from './helpers/fixture.js';

/** Wednesday 4 March 2026, 15:00 UTC (10:00 in New York): the demo meetings are placed from this day. */
const NOW = new Date('2026-03-04T15:00:00Z');
const test = apiTest({ clock: () => NOW.getTime() });

/** New York's wall clock of an instant: "Thu 10:00". */
const newYork = (instant: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));

test('the demo schedule is seeded once: the advisor works New York hours and has sessions with Acme and Globex', async ({
  t,
}) => {
  expect(await seedDemoSchedulingOnce(t.database.db, NOW)).toBe(true);
  expect(await seedDemoSchedulingOnce(t.database.db, NOW)).toBe(false);

  const availability = await t.call(schedulingEndpoints.getAvailability, {
    params: { advisorId: 'me' },
    as: 'advisor',
  });
  expect(availability.data).toMatchObject({ timeZone: 'America/New_York', sessionLengths: [30, 60] });

  const meetings = async (as: 'advisor' | 'acmeMember' | 'globexOwner') =>
    (await t.call(schedulingEndpoints.listMeetings, { query: { limit: 20 }, as })).data as AdvisorMeeting[];
  const advisors = await meetings('advisor');
  // Weekdays counted from Wednesday 4 March: five back (25 February), then 1, 2, 3 and 4 ahead.
  expect(
    advisors.map((meeting) => [meeting.topic, meeting.organizationName, newYork(meeting.start), meeting.status]),
  ).toEqual([
    ['Onboarding kickoff', 'Acme Corp', 'Wed 15:00', 'scheduled'],
    ['Quarterly cash-flow review', 'Acme Corp', 'Thu 10:00', 'scheduled'],
    ['Hiring plan check-in', 'Globex', 'Fri 14:00', 'scheduled'],
    ['Pricing page review', 'Globex', 'Mon 09:30', 'cancelled'],
    ['Support backlog triage', 'Acme Corp', 'Tue 11:00', 'scheduled'],
  ]);
  // A member sees the meetings it booked or attends; another organization's stay out.
  expect((await meetings('acmeMember')).map((meeting) => meeting.topic)).toEqual([
    'Quarterly cash-flow review',
    'Support backlog triage',
  ]);
  expect((await meetings('globexOwner')).map((meeting) => meeting.topic)).toEqual([
    'Hiring plan check-in',
    'Pricing page review',
  ]);
});
