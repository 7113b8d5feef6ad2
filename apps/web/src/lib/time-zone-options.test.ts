import { describe, expect, it } from 'vitest';
import { timeZoneOptions, zoneOffset } from './time-zone-options';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('zoneOffset', () => {
  it("names the zone's offset on the day, summer time included", () => {
    expect(zoneOffset('Europe/Berlin', WINTER)).toBe('UTC+1');
    expect(zoneOffset('Europe/Berlin', SUMMER)).toBe('UTC+2');
    expect(zoneOffset('Asia/Kolkata', WINTER)).toBe('UTC+5:30');
    expect(zoneOffset('UTC', WINTER)).toBe('UTC');
  });

  it('gives null for a zone the runtime does not know, instead of throwing', () => {
    expect(zoneOffset('Mars/Olympus_Mons', WINTER)).toBeNull();
  });
});

describe('timeZoneOptions', () => {
  it('adds UTC and the given zones the list leaves out, once each, sorted, with readable labels', () => {
    const options = timeZoneOptions(['Europe/Berlin', 'America/New_York'], ['Asia/Calcutta', 'Europe/Berlin', null]);
    expect(options.map((option) => option.value)).toEqual([
      'America/New_York',
      'Asia/Calcutta',
      'Europe/Berlin',
      'UTC',
    ]);
    expect(options[0]).toEqual({ value: 'America/New_York', label: 'America/New York' });
  });

  it('keeps a stored zone this browser does not know', () => {
    expect(timeZoneOptions([], ['Mars/Olympus_Mons'])).toContainEqual({
      value: 'Mars/Olympus_Mons',
      label: 'Mars/Olympus Mons',
    });
  });
});
