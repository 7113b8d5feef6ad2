import { DEFAULT_WEEKLY_HOURS } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateInZone,
  layOut,
  mondayOf,
  openRanges,
  segmentOn,
  visibleHours,
  type WeekDay,
  weekOf,
} from './week';

const HOUR = 60 * 60 * 1000;
const hoursLong = (day: { start: Date; end: Date }) => (day.end.getTime() - day.start.getTime()) / HOUR;

describe('the week of a date in the viewer’s zone', () => {
  it('runs Monday to Sunday, the Monday found from any day of it and across a month', () => {
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    const week = weekOf('2026-03-04', 'UTC');
    expect(week.days.map((day) => day.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
  });

  it('has a 23-hour Sunday in New York the week the clocks spring forward, and a 25-hour one in November', () => {
    const march = weekOf('2026-03-08', 'America/New_York');
    expect(march.from.toISOString()).toBe('2026-03-02T05:00:00.000Z');
    expect(march.to.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(march.days.map(hoursLong)).toEqual([24, 24, 24, 24, 24, 24, 23]);
    const november = weekOf('2026-11-01', 'America/New_York');
    expect(november.days.map(hoursLong)).toEqual([24, 24, 24, 24, 24, 24, 25]);
  });

  it('names the date a moment falls on in the zone, which may differ from UTC’s', () => {
    const moment = new Date('2026-03-09T03:30:00Z');
    expect(dateInZone(moment, 'America/New_York')).toBe('2026-03-08');
    expect(dateInZone(moment, 'Australia/Sydney')).toBe('2026-03-09');
  });
});

describe('where a session sits on a day', () => {
  const sunday = weekOf('2026-03-08', 'America/New_York').days[6] as WeekDay;

  it('sits at its clock time after the change, not an hour off', () => {
    // 09:00 EDT on the day of the change is 13:00 UTC.
    const start = new Date('2026-03-08T13:00:00Z');
    expect(segmentOn(sunday, start, new Date(start.getTime() + HOUR), 'America/New_York')).toEqual({
      startMinute: 9 * 60,
      endMinute: 10 * 60,
    });
  });

  it('is cut at midnight when it runs into the next day, and misses a day it is not on', () => {
    const monday = weekOf('2026-03-09', 'America/New_York').days[0] as WeekDay;
    const start = new Date('2026-03-09T03:30:00Z'); // 23:30 EDT on Sunday
    const end = new Date('2026-03-09T04:30:00Z');
    expect(segmentOn(sunday, start, end, 'America/New_York')).toEqual({ startMinute: 23 * 60 + 30, endMinute: 1440 });
    expect(segmentOn(monday, start, end, 'America/New_York')).toEqual({ startMinute: 0, endMinute: 30 });
    expect(segmentOn(monday, new Date('2026-03-20T12:00:00Z'), new Date('2026-03-20T13:00:00Z'), 'UTC')).toBeNull();
  });
});

describe('the advisor’s open hours in the viewer’s week', () => {
  it('reads them in the advisor’s zone: 9–17 in Berlin is 3–11 in New York before Europe changes its clocks', () => {
    const week = weekOf('2026-03-09', 'America/New_York');
    const hours = { timeZone: 'Europe/Berlin', weeklyHours: DEFAULT_WEEKLY_HOURS, dateOverrides: [] };
    const ranges = openRanges(hours, week.from, week.to);
    expect(ranges).toHaveLength(5);
    const [monday] = week.days as [WeekDay];
    const [first] = ranges as [{ start: Date; end: Date }];
    expect(segmentOn(monday, first.start, first.end, 'America/New_York')).toEqual({
      startMinute: 4 * 60,
      endMinute: 12 * 60,
    });
  });

  it('takes a date’s override in place of its weekday: a day off, or other hours', () => {
    const week = weekOf('2026-03-09', 'UTC');
    const hours = {
      timeZone: 'UTC',
      weeklyHours: DEFAULT_WEEKLY_HOURS,
      dateOverrides: [
        { date: '2026-03-10', intervals: [] },
        { date: '2026-03-14', intervals: [{ start: '20:00', end: '24:00' }] },
      ],
    };
    const ranges = openRanges(hours, week.from, week.to).map((range) => range.start.toISOString());
    expect(ranges).toEqual([
      '2026-03-09T09:00:00.000Z',
      '2026-03-11T09:00:00.000Z',
      '2026-03-12T09:00:00.000Z',
      '2026-03-13T09:00:00.000Z',
      '2026-03-14T20:00:00.000Z',
    ]);
  });
});

describe('the hours the grid shows', () => {
  it('is 8 to 18 unless something lies outside', () => {
    expect(visibleHours([])).toEqual({ first: 8, last: 18 });
    expect(visibleHours([{ startMinute: 6 * 60 + 30, endMinute: 1440 }])).toEqual({ first: 6, last: 24 });
  });
});

describe('blocks side by side', () => {
  it('puts overlapping blocks in columns of their group, and the rest full width', () => {
    const at = (startMinute: number, endMinute: number) => ({ startMinute, endMinute });
    const placed = layOut([
      { item: 'a', segment: at(540, 600) },
      { item: 'b', segment: at(570, 630) },
      { item: 'c', segment: at(600, 660) },
      { item: 'd', segment: at(720, 750) },
    ]);
    const byItem = Object.fromEntries(placed.map((block) => [block.item, [block.lane, block.lanes]]));
    expect(byItem).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] });
  });
});
