import { DEFAULT_WEEKLY_HOURS, MESSAGES } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { type AvailabilityDraft, firstProblem, nextInterval } from './availability-form';

const draft: AvailabilityDraft = {
  timeZone: 'America/New_York',
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  dateOverrides: [],
  sessionLengths: [30, 60],
  bufferMinutes: 0,
  minimumNoticeMinutes: 120,
  horizonDays: 60,
};

describe('the hours "Add hours" adds', () => {
  it('is 9 to 5 on an empty day, the hour after the last interval otherwise, the hour before when the day is full to midnight', () => {
    expect(nextInterval([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextInterval([{ start: '09:00', end: '12:00' }])).toEqual({ start: '12:00', end: '13:00' });
    expect(nextInterval([{ start: '23:30', end: '24:00' }])).toEqual({ start: '22:30', end: '23:30' });
  });
});

describe('the draft’s first mistake', () => {
  it('is none for a valid draft', () => {
    expect(firstProblem(draft)).toBeNull();
  });

  it('names the day, the override or the field it is in', () => {
    const backwards = { ...DEFAULT_WEEKLY_HOURS, tuesday: [{ start: '17:00', end: '09:00' }] };
    expect(firstProblem({ ...draft, weeklyHours: backwards })).toBe(`Tuesday: ${MESSAGES.availabilityIntervalOrder}`);
    const overlapping = [
      { start: '09:00', end: '12:00' },
      { start: '11:00', end: '13:00' },
    ];
    expect(firstProblem({ ...draft, dateOverrides: [{ date: '2026-03-10', intervals: overlapping }] })).toBe(
      `The override of 2026-03-10: ${MESSAGES.availabilityIntervalsOverlap}`,
    );
    expect(firstProblem({ ...draft, horizonDays: 400 })).toMatch(/^Booking horizon: /);
  });
});
