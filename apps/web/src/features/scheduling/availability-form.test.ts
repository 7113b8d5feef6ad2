import { DEFAULT_WEEKLY_HOURS, UI_TEXT } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AvailabilityDraft,
  draftProblems,
  firstProblem,
  isFieldWrong,
  nextInterval,
  problemsWithin,
} from './availability-form';

const draft: AvailabilityDraft = {
  timeZone: 'America/New_York',
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  dateOverrides: [],
  sessionLengths: [30, 60],
  bufferMinutes: 0,
  minimumNoticeMinutes: 120,
  horizonDays: 60,
  maxSessionsPerDay: null,
  maxSessionsPerWeek: null,
  cancelCutoffMinutes: 0,
  maxReschedules: null,
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
    expect(firstProblem({ ...draft, weeklyHours: backwards })).toBe(`Tuesday: ${UI_TEXT.availabilityIntervalOrder}`);
    const overlapping = [
      { start: '09:00', end: '12:00' },
      { start: '11:00', end: '13:00' },
    ];
    expect(firstProblem({ ...draft, dateOverrides: [{ date: '2026-03-10', intervals: overlapping }] })).toBe(
      `The override of 2026-03-10: ${UI_TEXT.availabilityIntervalsOverlap}`,
    );
    expect(firstProblem({ ...draft, horizonDays: 400 })).toMatch(/^Booking horizon: /);
  });
});

describe('where the mistakes are marked', () => {
  const backwards = { ...DEFAULT_WEEKLY_HOURS, monday: [{ start: '09:00', end: '08:00' }] };
  const problems = draftProblems({ ...draft, weeklyHours: backwards });

  it('are a day’s, from its path on; an interval ending before it starts marks both its times', () => {
    const monday = problemsWithin(problemsWithin(problems, ['weeklyHours']), ['monday']);
    expect(monday).toEqual([{ path: [0], message: UI_TEXT.availabilityIntervalOrder }]);
    expect(isFieldWrong(monday, [0, 'start'])).toBe(true);
    expect(isFieldWrong(monday, [0, 'end'])).toBe(true);
    expect(isFieldWrong(monday, [1, 'start'])).toBe(false);
    expect(problemsWithin(problemsWithin(problems, ['weeklyHours']), ['tuesday'])).toEqual([]);
  });

  it('are a whole day’s when its intervals overlap, and one field’s when its time is malformed', () => {
    const overlapping = [
      { start: '09:00', end: '12:00' },
      { start: '11:00', end: '13:00' },
    ];
    const day = problemsWithin(draftProblems({ ...draft, weeklyHours: { ...backwards, monday: overlapping } }), [
      'weeklyHours',
      'monday',
    ]);
    expect(isFieldWrong(day, [0, 'start'])).toBe(true);
    expect(isFieldWrong(day, [1, 'end'])).toBe(true);
    const malformed = problemsWithin(
      draftProblems({ ...draft, weeklyHours: { ...DEFAULT_WEEKLY_HOURS, monday: [{ start: '9', end: '17:00' }] } }),
      ['weeklyHours', 'monday'],
    );
    expect(isFieldWrong(malformed, [0, 'start'])).toBe(true);
    expect(isFieldWrong(malformed, [0, 'end'])).toBe(false);
  });
});
