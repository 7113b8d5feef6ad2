import { describe, expect, it } from 'vitest';
import { effectiveTimeZone, momentAtWallClock, tomorrowAt, wallClockAt } from './time-zone';

describe('wall clocks in a named zone', () => {
  it('reads a moment on the zone’s clocks', () => {
    expect(wallClockAt(new Date('2026-07-01T06:30:00Z'), 'Europe/Berlin')).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 8,
      minute: 30,
      second: 0,
    });
  });

  it('finds the moment of a wall-clock time on both sides of a change', () => {
    const morning = { year: 2026, month: 3, day: 8, hour: 8, minute: 0 };
    // New York springs forward at 02:00 on 8 March 2026: 08:00 that day is EDT (UTC-4).
    expect(momentAtWallClock(morning, 'America/New_York').toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(momentAtWallClock({ ...morning, day: 7 }, 'America/New_York').toISOString()).toBe(
      '2026-03-07T13:00:00.000Z',
    );
  });
});

describe('tomorrow at 08:00 (snooze until tomorrow)', () => {
  it('is 08:00 on the next day of the zone, not 24 hours on', () => {
    // 20:00 EST on the evening before the change; 24 hours later would be 21:00 EDT.
    const evening = new Date('2026-03-08T01:00:00Z');
    expect(tomorrowAt(evening, 'America/New_York', 8).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });

  it('keeps 08:00 when the clocks fall back overnight', () => {
    // Berlin falls back from CEST (UTC+2) to CET (UTC+1) on 25 October 2026.
    const evening = new Date('2026-10-24T20:00:00Z');
    expect(tomorrowAt(evening, 'Europe/Berlin', 8).toISOString()).toBe('2026-10-25T07:00:00.000Z');
  });

  it('counts the day in the zone, not in UTC', () => {
    // 11:30 UTC on 31 December is already 1 January in Auckland (UTC+13): tomorrow is 2 January.
    expect(tomorrowAt(new Date('2026-12-31T11:30:00Z'), 'Pacific/Auckland', 8).toISOString()).toBe(
      '2027-01-01T19:00:00.000Z',
    );
    // 05:00 UTC on 31 December is still 30 December in Honolulu (UTC-10): tomorrow is 31 December.
    expect(tomorrowAt(new Date('2026-12-31T05:00:00Z'), 'Pacific/Honolulu', 8).toISOString()).toBe(
      '2026-12-31T18:00:00.000Z',
    );
  });

  it('rolls over the end of a month and a year', () => {
    expect(tomorrowAt(new Date('2026-02-28T12:00:00Z'), 'UTC', 8).toISOString()).toBe('2026-03-01T08:00:00.000Z');
    expect(tomorrowAt(new Date('2026-12-31T23:59:00Z'), 'UTC', 8).toISOString()).toBe('2027-01-01T08:00:00.000Z');
  });
});

describe('the zone used', () => {
  it('is the chosen zone when known, else the browser’s', () => {
    expect(effectiveTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(effectiveTimeZone(null)).toBe(browser);
    expect(effectiveTimeZone('Mars/Olympus_Mons')).toBe(browser);
  });
});
