import { describe, expect, it } from 'vitest';
import {
  monthlyPositionsOf,
  nextOccurrence,
  nextOccurrences,
  type RecurrenceRule,
  recurrenceLabel,
  recurrenceRuleSchema,
  toRRule,
} from '../src/index.js';

const dates = (rule: RecurrenceRule, startsOn: string, count: number) =>
  nextOccurrences(rule, startsOn, startsOn, 1, count);

describe('a series’ next dates', () => {
  it('daily steps over the clock changes of New York (8 March, 1 November) and Berlin (29 March, 25 October)', () => {
    expect(dates({ frequency: 'daily', interval: 1 }, '2026-03-07', 3)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(dates({ frequency: 'daily', interval: 1 }, '2026-03-28', 2)).toEqual(['2026-03-29', '2026-03-30']);
    expect(dates({ frequency: 'daily', interval: 2 }, '2026-10-24', 3)).toEqual([
      '2026-10-26',
      '2026-10-28',
      '2026-10-30',
    ]);
    expect(dates({ frequency: 'daily', interval: 1 }, '2026-10-31', 2)).toEqual(['2026-11-01', '2026-11-02']);
  });

  it('weekly on chosen days, every other week, across a clock change and a year end', () => {
    const rule: RecurrenceRule = { frequency: 'weekly', interval: 1, weekdays: ['monday', 'friday'] };
    // 2026-03-06 is a Friday; New York moves its clocks on Sunday 8 March.
    expect(dates(rule, '2026-03-06', 4)).toEqual(['2026-03-09', '2026-03-13', '2026-03-16', '2026-03-20']);
    const fortnightly: RecurrenceRule = { frequency: 'weekly', interval: 2, weekdays: ['wednesday'] };
    expect(dates(fortnightly, '2026-12-23', 3)).toEqual(['2027-01-06', '2027-01-20', '2027-02-03']);
    // A first due date the rule would not pick (a Sunday) still starts the series.
    expect(dates({ frequency: 'weekly', interval: 1, weekdays: ['tuesday'] }, '2026-03-29', 2)).toEqual([
      '2026-03-31',
      '2026-04-07',
    ]);
  });

  it('monthly on the 31st falls on each shorter month’s last day, February 29th in a leap year', () => {
    const rule: RecurrenceRule = { frequency: 'monthly', interval: 1, day: 31 };
    expect(dates(rule, '2027-12-31', 5)).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
    ]);
    expect(nextOccurrence(rule, '2026-10-31', '2026-10-31')).toBe('2026-11-30');
    expect(nextOccurrence(rule, '2026-10-31', '2027-01-31')).toBe('2027-02-28');
  });

  it('monthly on the n-th and the last weekday', () => {
    expect(dates({ frequency: 'monthly', interval: 1, week: 2, weekday: 'tuesday' }, '2026-01-13', 3)).toEqual([
      '2026-02-10',
      '2026-03-10',
      '2026-04-14',
    ]);
    expect(dates({ frequency: 'monthly', interval: 3, week: -1, weekday: 'friday' }, '2026-01-30', 3)).toEqual([
      '2026-04-24',
      '2026-07-31',
      '2026-10-30',
    ]);
    expect(monthlyPositionsOf('2026-10-30')).toEqual({ day: 30, week: -1, weekday: 'friday' });
    expect(monthlyPositionsOf('2026-10-13')).toEqual({ day: 13, week: 2, weekday: 'tuesday' });
  });

  it('yearly from February 29th falls on the 28th in common years', () => {
    expect(dates({ frequency: 'yearly', interval: 1 }, '2028-02-29', 5)).toEqual([
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
      '2033-02-28',
    ]);
  });

  it('ends after a count (the first included) or on a date', () => {
    expect(dates({ frequency: 'daily', interval: 1, count: 3 }, '2026-05-01', 10)).toEqual([
      '2026-05-02',
      '2026-05-03',
    ]);
    expect(nextOccurrence({ frequency: 'daily', interval: 1, count: 3 }, '2026-05-01', '2026-05-03', 3)).toBeNull();
    expect(dates({ frequency: 'monthly', interval: 1, day: 15, until: '2026-08-15' }, '2026-06-15', 5)).toEqual([
      '2026-07-15',
      '2026-08-15',
    ]);
  });

  it('finds the next date far from the start without walking every period', () => {
    const rule: RecurrenceRule = { frequency: 'monthly', interval: 1, day: 31 };
    expect(nextOccurrence(rule, '2000-01-31', '2099-02-27')).toBe('2099-02-28');
    expect(nextOccurrence({ frequency: 'yearly', interval: 1 }, '1904-02-29', '2099-12-31')).toBe('2100-02-28');
  });
});

describe('how a rule is written', () => {
  it('in words and as an RRULE', () => {
    const rule: RecurrenceRule = { frequency: 'weekly', interval: 2, weekdays: ['friday', 'monday'], count: 10 };
    expect(recurrenceLabel(rule, '2026-03-06')).toBe('Every 2 weeks on Monday and Friday, 10 times');
    expect(toRRule(rule, '2026-03-06')).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;COUNT=10');
    expect(recurrenceLabel({ frequency: 'monthly', interval: 1, week: -1, weekday: 'friday' }, '2026-10-30')).toBe(
      'Every month on the last Friday',
    );
    expect(toRRule({ frequency: 'yearly', interval: 1, until: '2030-02-28' }, '2028-02-29')).toBe(
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;UNTIL=20300228',
    );
  });

  it('refuses an end by count and by date at once, an empty week and unknown fields', () => {
    expect(recurrenceRuleSchema.safeParse({ frequency: 'daily', count: 2, until: '2027-01-01' }).success).toBe(false);
    expect(recurrenceRuleSchema.safeParse({ frequency: 'weekly', weekdays: [] }).success).toBe(false);
    expect(recurrenceRuleSchema.safeParse({ frequency: 'daily', hourly: true }).success).toBe(false);
    expect(recurrenceRuleSchema.parse({ frequency: 'weekly', weekdays: ['monday', 'monday'] })).toEqual({
      frequency: 'weekly',
      interval: 1,
      weekdays: ['monday'],
    });
  });
});
