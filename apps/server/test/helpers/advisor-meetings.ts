import type { CreateMeetingBody, UpdateAvailabilityBody } from '@smart/contracts';
import { DEFAULT_WEEKLY_HOURS, schedulingEndpoints } from '@smart/contracts';
import type { TestApp } from './app.js';

/**
 * Meetings with an advisor in tests: the app's clock is held on Monday 2 March 2026,
 * 12:00 UTC, and each test takes free starts from `nextStart` so none meets another's meeting.
 */
export const MEETINGS_NOW = Date.parse('2026-03-02T12:00:00Z');

/**
 * Starts on the hour within the advisor's default hours (Monday–Friday 09:00–17:00 in its profile
 * zone, UTC), from `first` on: each leaves room for a 60-minute meeting before the next.
 */
export function startsFrom(first = '2026-03-03') {
  let day = new Date(`${first}T00:00:00Z`);
  let slot = 0;
  return () => {
    for (;;) {
      const weekday = day.getUTCDay();
      if (weekday !== 0 && weekday !== 6 && slot < 8) {
        const start = new Date(day.getTime() + (9 + slot) * 60 * 60_000);
        slot += 1;
        return start.toISOString();
      }
      day = new Date(day.getTime() + 24 * 60 * 60_000);
      slot = 0;
    }
  };
}

/** The issue's defaults: 30 and 60 minutes, no buffer, 120 minutes' notice, 60 days ahead (and Monday–Friday 09:00–17:00). */
export const ISSUE_DEFAULTS = {
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  dateOverrides: [],
  sessionLengths: [30, 60],
  bufferMinutes: 0,
  minimumNoticeMinutes: 120,
  horizonDays: 60,
};

/** The issue's default availability in a zone. */
export const availabilityIn = (
  timeZone: string,
  change: Partial<UpdateAvailabilityBody> = {},
): UpdateAvailabilityBody => ({ timeZone, ...ISSUE_DEFAULTS, ...change });

export async function saveAvailability(
  t: TestApp,
  advisor: { id: string; token: string },
  body: UpdateAvailabilityBody,
) {
  const saved = await t.call(schedulingEndpoints.updateAvailability, {
    params: { advisorId: advisor.id },
    body,
    token: advisor.token,
  });
  return saved.data;
}

export const bookingBody = (advisorId: string, start: string, change: Partial<CreateMeetingBody> = {}) => ({
  advisorId,
  start,
  length: 30,
  topic: 'Cash flow review',
  agenda: 'Q1 numbers',
  ...change,
});

/** Books as `by` and returns the meeting (201 expected). */
export async function book(t: TestApp, by: { token: string }, body: ReturnType<typeof bookingBody>) {
  return (await t.call(schedulingEndpoints.createMeeting, { body, token: by.token })).data;
}
