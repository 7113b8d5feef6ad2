import { describe, expect, it } from 'vitest';
import { groupSlotsByDay, timeInBothZones, weekLabel, weekWindow, zoneName } from './meeting-time';

const slot = (start: string, minutes = 30) => ({
  start,
  end: new Date(new Date(start).getTime() + minutes * 60_000).toISOString(),
});

describe('free slots grouped by the viewer’s days', () => {
  it('puts each slot on the day and time the viewer’s clocks read, across the spring change', () => {
    // New York springs forward at 02:00 on Sunday 8 March 2026: 14:00 UTC is 9:00 EST on the 7th, 10:00 EDT on the 8th.
    const days = groupSlotsByDay(
      [slot('2026-03-08T14:00:00Z'), slot('2026-03-07T14:00:00Z'), slot('2026-03-09T13:00:00Z')],
      'America/New_York',
    );
    expect(days.map((day) => [day.date, day.label, day.slots.map((s) => s.time)])).toEqual([
      ['2026-03-07', 'Saturday, March 7', ['9:00 AM']],
      ['2026-03-08', 'Sunday, March 8', ['10:00 AM']],
      ['2026-03-09', 'Monday, March 9', ['9:00 AM']],
    ]);
  });

  it('moves a late-evening UTC slot to the next morning for a viewer east of it', () => {
    // 23:30 UTC on 31 Oct is 10:30 the next day in Sydney (daylight time, UTC+11).
    const days = groupSlotsByDay([slot('2026-10-31T23:30:00Z'), slot('2026-10-31T22:00:00Z')], 'Australia/Sydney');
    expect(days).toHaveLength(1);
    expect(days[0]?.date).toBe('2026-11-01');
    expect(days[0]?.slots.map((s) => s.time)).toEqual(['9:00 AM', '10:30 AM']);
  });

  it('keeps the same UTC slot on the evening before for a viewer west of it', () => {
    const days = groupSlotsByDay([slot('2026-11-01T03:00:00Z')], 'America/New_York');
    expect(days[0]).toMatchObject({ date: '2026-10-31', slots: [{ time: '11:00 PM' }] });
  });
});

describe('a week of slots on the viewer’s clocks', () => {
  it('runs from midnight to midnight seven days on, 167 hours over the spring change', () => {
    const window = weekWindow(new Date('2026-03-05T15:00:00Z'), 'America/New_York', 0);
    expect(window).toEqual({ from: '2026-03-05T05:00:00.000Z', to: '2026-03-12T04:00:00.000Z' });
    expect(weekLabel(window, 'America/New_York')).toBe('Mar 5 – Mar 11');
  });

  it('steps a week at a time from today, 169 hours over Berlin’s autumn change', () => {
    const window = weekWindow(new Date('2026-10-20T10:00:00Z'), 'Europe/Berlin', 1);
    expect(window).toEqual({ from: '2026-10-26T23:00:00.000Z', to: '2026-11-02T23:00:00.000Z' });
  });
});

describe('the booked time in both zones', () => {
  it('names the advisor’s reading as well when its clocks differ', () => {
    const both = timeInBothZones('2026-03-09T13:00:00Z', 'America/New_York', 'Europe/Berlin');
    expect(both.viewer).toBe('Mon, Mar 9, 2026, 9:00 AM Eastern Daylight Time');
    expect(both.advisor).toBe('Mon, Mar 9, 2026, 2:00 PM Central European Standard Time');
  });

  it('names one zone when both read the same', () => {
    expect(timeInBothZones('2026-03-09T13:00:00Z', 'Europe/Berlin', 'Europe/Berlin').advisor).toBeNull();
  });

  it('names a zone as it reads on that day', () => {
    expect(zoneName('2026-03-09T13:00:00Z', 'Australia/Sydney')).toBe('Australian Eastern Daylight Time');
    expect(zoneName('2026-04-09T13:00:00Z', 'Australia/Sydney')).toBe('Australian Eastern Standard Time');
  });
});
