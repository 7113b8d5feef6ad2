import type { TaskRecurrence } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { NO_REPEAT, recurrenceChange, recurrenceOf, repeatValuesOf } from './repeat-form';

const monthlyOn31: TaskRecurrence = {
  seriesId: 's1',
  rule: { frequency: 'monthly', interval: 1, day: 31 },
  startsOn: '2026-10-31',
  trigger: 'completion',
  label: 'Every month on day 31',
  rrule: 'FREQ=MONTHLY;BYMONTHDAY=31',
  active: true,
  nextDates: ['2026-11-30'],
};

describe('the task form’s repeat', () => {
  it('reads the weekday, the day or the n-th weekday from the due date', () => {
    expect(recurrenceOf({ ...NO_REPEAT, repeat: 'weekly' }, '2026-12-04')).toEqual({
      rule: { frequency: 'weekly', weekdays: ['friday'], interval: 1 },
      trigger: 'completion',
    });
    expect(recurrenceOf({ ...NO_REPEAT, repeat: 'monthly', monthlyBy: 'weekday' }, '2026-10-30')?.rule).toEqual({
      frequency: 'monthly',
      week: -1,
      weekday: 'friday',
      interval: 1,
    });
    expect(
      recurrenceOf({ ...NO_REPEAT, repeat: 'monthly', ends: 'count', count: '6', interval: '2' }, '2026-10-31')?.rule,
    ).toEqual({ frequency: 'monthly', day: 31, interval: 2, count: 6 });
    expect(recurrenceOf(NO_REPEAT, '2026-10-31')).toBeNull();
  });

  it('sends nothing for an unchanged repeat, null when turned off, the rule when changed', () => {
    const saved = repeatValuesOf(monthlyOn31);
    // This task moved to the 28th alone: the series keeps its dates.
    expect(recurrenceChange(saved, '2026-10-28', monthlyOn31)).toBeUndefined();
    expect(recurrenceChange({ ...saved, repeat: 'none' }, '2026-10-31', monthlyOn31)).toBeNull();
    expect(recurrenceChange({ ...saved, ends: 'count', count: 3 }, '2026-10-31', monthlyOn31)?.rule).toMatchObject({
      count: 3,
    });
    // This and the following, from the 28th: the rule stays on day 31 (the series' own day).
    expect(recurrenceChange({ ...saved, scope: 'following' }, '2026-10-28', monthlyOn31)).toBeUndefined();
    // The April 30 task of an "every month on day 31" series keeps the series on day 31.
    expect(recurrenceOf(saved, '2027-04-30')?.rule).toMatchObject({ day: 31 });
    expect(recurrenceChange(NO_REPEAT, '2026-10-28', null)).toBeUndefined();
  });
});
