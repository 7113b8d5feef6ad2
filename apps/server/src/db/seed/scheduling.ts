import { DEFAULT_WEEKLY_HOURS } from '@smart/contracts';
import { Temporal } from 'temporal-polyfill';
import type { Database } from '../client.js';
import { advisorAvailability, advisorMeetingAttendees, advisorMeetings, blockedRange } from '../schema/index.js';
import { ADVISOR, ADVISOR_ZONE } from './demo-people.js';
import { claimDemoSeed, demoDirectory } from './once.js';

const DEMO_SCHEDULING_KEY = 'demo_scheduling_seeded_at';

interface DemoMeeting {
  organization: string;
  bookedBy: string;
  attendees: string[];
  /** Weekdays from today (negative: past), at `time` on the advisor's clock. */
  weekdays: number;
  time: string;
  length: number;
  topic: string;
  agenda: string;
  cancelled?: { by: string; reason: string };
}

const demoMeetings: DemoMeeting[] = [
  {
    organization: 'Acme Corp',
    bookedBy: 'owner@acme.example.com',
    attendees: ['owner@acme.example.com', 'member@acme.example.com'],
    weekdays: 1,
    time: '10:00',
    length: 60,
    topic: 'Quarterly cash-flow review',
    agenda: 'Runway at current burn\nWhich invoices to chase first\nThe Q3 hiring budget',
  },
  {
    organization: 'Globex',
    bookedBy: ADVISOR,
    attendees: ['owner@globex.example.com'],
    weekdays: 2,
    time: '14:00',
    length: 30,
    topic: 'Hiring plan check-in',
    agenda: 'Two open roles: where the candidates come from',
  },
  {
    organization: 'Acme Corp',
    bookedBy: 'member@acme.example.com',
    attendees: ['member@acme.example.com', 'dana.lee@acme.example.com'],
    weekdays: 4,
    time: '11:00',
    length: 30,
    topic: 'Support backlog triage',
    agenda: '',
  },
  {
    organization: 'Globex',
    bookedBy: 'owner@globex.example.com',
    attendees: ['owner@globex.example.com', 'nina.brooks@globex.example.com'],
    weekdays: 3,
    time: '09:30',
    length: 30,
    topic: 'Pricing page review',
    agenda: '',
    cancelled: { by: 'owner@globex.example.com', reason: 'Moved into the hiring plan check-in' },
  },
  {
    organization: 'Acme Corp',
    bookedBy: 'owner@acme.example.com',
    attendees: ['owner@acme.example.com'],
    weekdays: -5,
    time: '15:00',
    length: 60,
    topic: 'Onboarding kickoff',
    agenda: 'Goals for the first quarter with S.M.A.R.T.',
  },
];

/** The date `count` weekdays from `from` (Saturday and Sunday skipped), in the same direction as `count`. */
function addWeekdays(from: Temporal.PlainDate, count: number): Temporal.PlainDate {
  let date = from;
  for (let left = Math.abs(count); left > 0; ) {
    date = date.add({ days: Math.sign(count) });
    if (date.dayOfWeek <= 5) left -= 1;
  }
  return date;
}

/**
 * Seeds the demo advisor's availability (New York, Monday–Friday 09:00–17:00) and a few meetings
 * with Acme and Globex around today, one past and one cancelled, once. Written straight
 * into the tables: no invitations go out for demo data.
 */
export async function seedDemoSchedulingOnce(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimDemoSeed(tx, DEMO_SCHEDULING_KEY))) return false;
    const directory = await demoDirectory(tx, 'scheduling');
    const advisorId = directory.person(ADVISOR).id;
    await tx
      .insert(advisorAvailability)
      .values({ advisorId, timeZone: ADVISOR_ZONE, weeklyHours: DEFAULT_WEEKLY_HOURS })
      .onConflictDoNothing();
    const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(ADVISOR_ZONE).toPlainDate();
    for (const meeting of demoMeetings) {
      const start = new Date(
        addWeekdays(today, meeting.weekdays).toZonedDateTime({
          timeZone: ADVISOR_ZONE,
          plainTime: Temporal.PlainTime.from(meeting.time),
        }).epochMilliseconds,
      );
      const end = new Date(start.getTime() + meeting.length * 60_000);
      const organizationId = directory.organizationId(meeting.organization);
      const [row] = await tx
        .insert(advisorMeetings)
        .values({
          organizationId,
          advisorId,
          bookedBy: directory.person(meeting.bookedBy).id,
          startAt: start,
          endAt: end,
          length: meeting.length,
          topic: meeting.topic,
          agenda: meeting.agenda,
          blocked: blockedRange(start, end, 0),
          ...(meeting.cancelled && {
            status: 'cancelled' as const,
            cancelledBy: directory.person(meeting.cancelled.by).id,
            cancelledAt: now,
            cancelReason: meeting.cancelled.reason,
            icalSequence: 1,
          }),
        })
        .returning({ id: advisorMeetings.id });
      if (!row) throw new Error('Demo scheduling: insert returned no row');
      await tx
        .insert(advisorMeetingAttendees)
        .values(
          meeting.attendees.map((email) => ({ meetingId: row.id, userId: directory.person(email).id, organizationId })),
        );
    }
    return true;
  });
}
