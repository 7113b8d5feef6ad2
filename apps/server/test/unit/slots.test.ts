import { type AvailabilityInterval, formatSlotTime, UI_TEXT, WEEKDAYS, type WeeklyHours } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { requireBookable } from '../../src/modules/scheduling/service.js';
import { type BusyRange, freeSlots, type SlotRules, unbookableReason } from '../../src/modules/scheduling/slots.js';

/**
 * Free slots in the advisor's zone, on the days zones change their clocks: 09:00 stays
 * 09:00 on the wall (the UTC instant moves), a skipped hour yields no start, a repeated hour is
 * offered once. Every expected instant is written out in UTC.
 */

const everyDay = (intervals: AvailabilityInterval[]): WeeklyHours =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, intervals])) as WeeklyHours;

const rules = (timeZone: string, change: Partial<SlotRules> = {}): SlotRules => ({
  timeZone,
  weeklyHours: everyDay([{ start: '09:00', end: '17:00' }]),
  dateOverrides: [],
  bufferMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 365,
  ...change,
});

const JANUARY = new Date('2026-01-01T00:00:00Z');

/** The slots of a window as ISO strings. */
function slots(
  slotRules: SlotRules,
  from: string,
  to: string,
  length: number,
  options: { busy?: BusyRange[]; now?: Date } = {},
) {
  return freeSlots(
    slotRules,
    options.busy ?? [],
    { length, from: new Date(from), to: new Date(to) },
    options.now ?? JANUARY,
  ).map((slot) => slot.toISOString());
}

/** One local date's slots of a zone, with a day's window in UTC generous enough to hold it. */
function slotsOnDate(slotRules: SlotRules, date: string, length: number) {
  const day = new Date(`${date}T00:00:00Z`).getTime();
  const all = slots(
    slotRules,
    new Date(day - 86_400_000).toISOString(),
    new Date(day + 2 * 86_400_000).toISOString(),
    length,
  );
  return all.filter((slot) => formatLocalDate(slot, slotRules.timeZone) === date);
}

const formatLocalDate = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );

const overrideOn = (timeZone: string, date: string, intervals: AvailabilityInterval[]) =>
  rules(timeZone, { dateOverrides: [{ date, intervals }] });

const EARLY_HOURS = [{ start: '01:00', end: '04:00' }];

describe('America/New_York', () => {
  const zone = 'America/New_York';

  it('starts 09:00–17:00 at 09:00 local before and on the spring-forward day (8 March 2026): 14:00Z, then 13:00Z', () => {
    expect(slotsOnDate(rules(zone), '2026-03-07', 60)).toEqual(
      [14, 15, 16, 17, 18, 19, 20, 21].map((hour) => `2026-03-07T${hour}:00:00.000Z`),
    );
    expect(slotsOnDate(rules(zone), '2026-03-08', 60)).toEqual(
      [13, 14, 15, 16, 17, 18, 19, 20].map((hour) => `2026-03-08T${hour}:00:00.000Z`),
    );
  });

  it('offers only the hours that exist in a 01:00–03:00 interval on the spring-forward day', () => {
    const springDay = overrideOn(zone, '2026-03-08', [{ start: '01:00', end: '03:00' }]);
    // 01:00 and 01:30 EST; 02:00–02:59 do not exist; 03:00 EDT is the interval's end.
    expect(slotsOnDate(springDay, '2026-03-08', 30)).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T06:30:00.000Z']);
    expect(slotsOnDate(springDay, '2026-03-08', 60)).toEqual(['2026-03-08T06:00:00.000Z']);
  });

  it('offers the repeated hour of the fall-back day (1 November 2026) once, and 09:00 moves to 14:00Z', () => {
    const fallDay = overrideOn(zone, '2026-11-01', [{ start: '01:00', end: '03:00' }]);
    // 01:00 and 01:30 EDT; the second 01:00–01:59 (EST) is not offered again; 02:00 and 02:30 EST.
    expect(slotsOnDate(fallDay, '2026-11-01', 30)).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T07:30:00.000Z',
    ]);
    expect(slotsOnDate(rules(zone), '2026-10-31', 60)[0]).toBe('2026-10-31T13:00:00.000Z');
    expect(slotsOnDate(rules(zone), '2026-11-01', 60)[0]).toBe('2026-11-01T14:00:00.000Z');
  });
});

describe('Europe/Berlin', () => {
  const zone = 'Europe/Berlin';

  it('starts at 09:00 local around 29 March 2026 (08:00Z, then 07:00Z) and skips 02:00–03:00 that night', () => {
    expect(slotsOnDate(rules(zone), '2026-03-28', 60)[0]).toBe('2026-03-28T08:00:00.000Z');
    expect(slotsOnDate(rules(zone), '2026-03-29', 60)[0]).toBe('2026-03-29T07:00:00.000Z');
    // 01:00 CET, then 03:00 CEST: 02:00 does not exist.
    expect(slotsOnDate(overrideOn(zone, '2026-03-29', EARLY_HOURS), '2026-03-29', 60)).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
    ]);
  });

  it('offers 02:00 once on 25 October 2026, when the clocks show 02:00–03:00 twice', () => {
    expect(slotsOnDate(rules(zone), '2026-10-25', 60)[0]).toBe('2026-10-25T08:00:00.000Z');
    // 01:00 CEST, 02:00 CEST (its first showing), 03:00 CET; 02:00 CET (01:00Z) is not offered again.
    expect(slotsOnDate(overrideOn(zone, '2026-10-25', EARLY_HOURS), '2026-10-25', 60)).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });
});

describe('Australia/Sydney', () => {
  const zone = 'Australia/Sydney';

  it('offers 02:00 once on 5 April 2026, when daylight saving ends, and 09:00 moves from 22:00Z to 23:00Z', () => {
    expect(slotsOnDate(rules(zone), '2026-04-04', 60)[0]).toBe('2026-04-03T22:00:00.000Z');
    expect(slotsOnDate(rules(zone), '2026-04-05', 60)[0]).toBe('2026-04-04T23:00:00.000Z');
    expect(slotsOnDate(overrideOn(zone, '2026-04-05', EARLY_HOURS), '2026-04-05', 60)).toEqual([
      '2026-04-04T14:00:00.000Z',
      '2026-04-04T15:00:00.000Z',
      '2026-04-04T17:00:00.000Z',
    ]);
  });

  it('skips 02:00–03:00 on 4 October 2026, when daylight saving starts, and 09:00 moves from 23:00Z to 22:00Z', () => {
    expect(slotsOnDate(rules(zone), '2026-10-03', 60)[0]).toBe('2026-10-02T23:00:00.000Z');
    expect(slotsOnDate(rules(zone), '2026-10-04', 60)[0]).toBe('2026-10-03T22:00:00.000Z');
    expect(slotsOnDate(overrideOn(zone, '2026-10-04', EARLY_HOURS), '2026-10-04', 60)).toEqual([
      '2026-10-03T15:00:00.000Z',
      '2026-10-03T16:00:00.000Z',
    ]);
  });
});

describe('a viewer in another zone', () => {
  it("reads a New York advisor's 09:00 in Berlin's time, named, across the weeks their clock changes differ", () => {
    const [ninePastChange] = slotsOnDate(rules('America/New_York'), '2026-03-09', 60);
    expect(ninePastChange).toBe('2026-03-09T13:00:00.000Z');
    // New York has sprung forward, Berlin not yet: 5 hours apart, not 6.
    expect(spaced(formatSlotTime(ninePastChange!, 'Europe/Berlin'))).toBe(
      'Mon, Mar 9, 2026, 2:00 PM Central European Standard Time',
    );
    const [nineInApril] = slotsOnDate(rules('America/New_York'), '2026-04-06', 60);
    expect(spaced(formatSlotTime(nineInApril!, 'Europe/Berlin'))).toBe(
      'Mon, Apr 6, 2026, 3:00 PM Central European Summer Time',
    );
    expect(spaced(formatSlotTime(ninePastChange!, 'America/New_York'))).toBe(
      'Mon, Mar 9, 2026, 9:00 AM Eastern Daylight Time',
    );
  });

  it("reads a Sydney advisor's Monday 09:00 on Sunday evening in New York", () => {
    const [nine] = slotsOnDate(rules('Australia/Sydney'), '2026-10-05', 60);
    expect(nine).toBe('2026-10-04T22:00:00.000Z');
    expect(spaced(formatSlotTime(nine!, 'America/New_York', { zoneName: 'short' }))).toBe(
      'Sun, Oct 4, 2026, 6:00 PM EDT',
    );
  });
});

/** ICU puts a narrow no-break space before AM/PM; the expectations are written with plain ones. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('notice, horizon, buffer and booked sessions', () => {
  const zone = 'America/New_York';

  it('keeps a booked session and the buffer around it free (ranges are [start, end + buffer))', () => {
    // 10:00–11:00 EDT booked with a 15-minute buffer: blocked 14:00Z–15:15Z.
    const busy = [{ start: new Date('2026-03-10T14:00:00Z'), end: new Date('2026-03-10T15:15:00Z') }];
    const day = slots(rules(zone, { bufferMinutes: 15 }), '2026-03-10T13:00:00Z', '2026-03-10T17:00:00Z', 30, {
      busy,
    });
    // 09:30 would run into 10:00 with its buffer; 11:00 starts inside the booked meeting's buffer.
    expect(day).toEqual([
      '2026-03-10T13:00:00.000Z',
      '2026-03-10T15:30:00.000Z',
      '2026-03-10T16:00:00.000Z',
      '2026-03-10T16:30:00.000Z',
    ]);
  });

  it('offers nothing inside the minimum notice', () => {
    const now = new Date('2026-03-10T14:10:00Z');
    const day = slots(rules(zone, { minimumNoticeMinutes: 120 }), '2026-03-10T00:00:00Z', '2026-03-11T00:00:00Z', 30, {
      now,
    });
    expect(day[0]).toBe('2026-03-10T16:30:00.000Z');
  });

  it('counts the horizon in calendar days of the zone: one day from Saturday 09:00 EST is Sunday 09:00 EDT', () => {
    const now = new Date('2026-03-07T14:00:00Z');
    const weekend = slots(rules(zone, { horizonDays: 1 }), '2026-03-07T00:00:00Z', '2026-03-09T00:00:00Z', 30, {
      now,
    });
    // Sunday's 09:00 EDT is 13:00Z, 23 hours later: its last slot; 24 hours would have let 09:30 and 10:00 in.
    expect(weekend.at(-1)).toBe('2026-03-08T13:00:00.000Z');
    expect(weekend[0]).toBe('2026-03-07T14:00:00.000Z');
  });

  it('takes a day off from a date override, and other hours on another date', () => {
    const zoneRules = rules(zone, {
      dateOverrides: [
        { date: '2026-03-10', intervals: [] },
        { date: '2026-03-11', intervals: [{ start: '18:00', end: '19:00' }] },
      ],
    });
    expect(slotsOnDate(zoneRules, '2026-03-10', 30)).toEqual([]);
    expect(slotsOnDate(zoneRules, '2026-03-11', 30)).toEqual(['2026-03-11T22:00:00.000Z', '2026-03-11T22:30:00.000Z']);
  });

  it('lets a session run across two touching intervals, and ends the day at 24:00', () => {
    const zoneRules = rules('UTC', {
      weeklyHours: everyDay([
        { start: '22:00', end: '23:00' },
        { start: '23:00', end: '24:00' },
      ]),
    });
    expect(slotsOnDate(zoneRules, '2026-03-10', 120)).toEqual(['2026-03-10T22:00:00.000Z']);
  });
});

describe('whether a start can be booked', () => {
  const zoneRules = {
    ...rules('America/New_York', { minimumNoticeMinutes: 120, horizonDays: 30 }),
    sessionLengths: [30, 60],
  };
  const now = new Date('2026-03-09T12:00:00Z');

  it.each([
    ['2026-03-10T13:00:00Z', 60, null],
    ['2026-03-10T13:00:00Z', 45, 'lengthNotOffered'],
    ['2026-03-09T13:00:00Z', 30, 'insideNotice'],
    ['2026-04-10T13:00:00Z', 30, 'pastHorizon'],
    ['2026-03-10T12:00:00Z', 30, 'outsideHours'],
    ['2026-03-10T20:30:00Z', 60, 'outsideHours'],
    // Inside the hours (09:00–17:00 in New York), off the length's grid of starts.
    ['2026-03-10T13:15:00Z', 30, 'offGrid'],
    ['2026-03-10T13:30:00Z', 60, 'offGrid'],
    ['2026-03-10T20:00:00Z', 60, null],
  ])('%s for %i minutes: %s', (start, length, reason) => {
    expect(unbookableReason(zoneRules, length, new Date(start), now)).toBe(reason);
  });
});

describe('the booking refusal', () => {
  it('says which rule a start breaks, in the words of the 400', () => {
    const availability = {
      ...rules('UTC', { minimumNoticeMinutes: 60, horizonDays: 7 }),
      advisorId: 'advisor',
      sessionLengths: [30],
      maxSessionsPerDay: null,
      maxSessionsPerWeek: null,
      cancelCutoffMinutes: 0,
      maxReschedules: null,
      updatedAt: null,
    };
    const now = new Date('2026-03-09T08:00:00Z');
    const refusal = (start: string, length = 30) => {
      try {
        requireBookable(availability, length, new Date(start), now);
        return null;
      } catch (error) {
        return error instanceof AppError ? [error.statusCode, error.message] : error;
      }
    };
    expect(refusal('2026-03-09T10:00:00Z')).toBeNull();
    expect(refusal('2026-03-09T10:00:00Z', 60)).toEqual([400, UI_TEXT.meetingLengthNotOffered]);
    expect(refusal('2026-03-09T08:30:00Z')).toEqual([400, UI_TEXT.meetingInsideNotice]);
    expect(refusal('2026-03-17T10:00:00Z')).toEqual([400, UI_TEXT.meetingPastHorizon]);
    expect(refusal('2026-03-09T18:00:00Z')).toEqual([400, UI_TEXT.meetingOutsideHours]);
  });
});
