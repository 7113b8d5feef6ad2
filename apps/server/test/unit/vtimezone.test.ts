import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import { afterEach, describe, expect, test } from 'vitest';
import { renderCalendar } from '../../src/modules/scheduling/ics.js';
import { isRepeatedTime, localTimeIn, vtimezoneLines } from '../../src/modules/scheduling/vtimezone.js';

/**
 * An invitation's times are written in the advisor's zone with a VTIMEZONE made from the runtime's
 * zone data. A real parser (ical.js, Thunderbird's) reading that VTIMEZONE must put every wall-clock
 * time back on the instant it came from — on the days clocks change too — for zones with daylight
 * time on either hemisphere, a 30-minute change, none at all, and one that dropped daylight time.
 */
const ZONES = [
  'America/New_York',
  'Europe/Berlin',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/Sao_Paulo',
  'Europe/Dublin',
  'UTC',
];

afterEach(() => ICAL.TimezoneService.reset());

/** The instant a parser reads for `local` (20260308T030000) in `zone`, described by our VTIMEZONE. */
function instantRead(zone: string, local: string) {
  const time = ICAL.Time.fromDateTimeString(
    `${local.slice(0, 4)}-${local.slice(4, 6)}-${local.slice(6, 8)}T${local.slice(9, 11)}:${local.slice(11, 13)}:${local.slice(13, 15)}`,
  );
  time.zone = ICAL.TimezoneService.get(zone) as ICAL.Timezone;
  return time.toUnixTime() * 1000;
}

/** Every 12 hours of 2025–2027, and every 15 minutes of the 6 hours around each change of the zone. */
function instantsToCheck(zone: string): Temporal.ZonedDateTime[] {
  const instants: Temporal.ZonedDateTime[] = [];
  const end = Temporal.Instant.from('2028-01-01T00:00:00Z');
  const inSpan = (time: Temporal.ZonedDateTime) => Temporal.Instant.compare(time.toInstant(), end) < 0;
  for (let time = Temporal.Instant.from('2025-01-01T00:00:00Z').toZonedDateTimeISO(zone); inSpan(time); ) {
    instants.push(time);
    const change = time.getTimeZoneTransition('next');
    const next = time.add({ hours: 12 });
    if (change && Temporal.ZonedDateTime.compare(change, next) < 0 && inSpan(change)) {
      for (let minutes = -180; minutes <= 180; minutes += 15) instants.push(change.add({ minutes }));
    }
    time = next;
  }
  return instants;
}

describe('vtimezoneLines', () => {
  for (const zone of ZONES) {
    test(`${zone}: every wall-clock time of 2025–2027 reads back as its instant, around each change too`, {
      timeout: 20_000,
    }, () => {
      ICAL.TimezoneService.register(new ICAL.Component(ICAL.parse(vtimezoneLines(zone, 2025, 2027).join('\r\n'))));
      const instants = instantsToCheck(zone);
      let repeated = 0;
      for (const instant of instants) {
        const date = new Date(instant.epochMilliseconds);
        // Written in UTC by the calendar (ics.ts), so never read in the zone.
        if (isRepeatedTime(date, zone)) {
          repeated += 1;
          continue;
        }
        const local = localTimeIn(date, zone);
        expect(instantRead(zone, local), `${zone} ${local}`).toBe(instant.epochMilliseconds);
      }
      expect(instants.length).toBeGreaterThan(2_000);
      // Zones that change their clocks go back once a year: those hours were met and left to UTC.
      if (zone !== 'UTC' && zone !== 'Asia/Kolkata' && zone !== 'America/Sao_Paulo')
        expect(repeated).toBeGreaterThan(0);
    });
  }

  test('a zone with daylight time has one yearly rule each way, the form Outlook reads', () => {
    const text = vtimezoneLines('America/New_York', 2025, 2027).join('\n');
    expect(text).toContain('BEGIN:DAYLIGHT\nDTSTART:19700308T020000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU');
    expect(text).toContain('BEGIN:STANDARD\nDTSTART:19701101T020000\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU');
    expect(text.match(/BEGIN:(STANDARD|DAYLIGHT)/g)).toHaveLength(2);
  });
});

test('an entry with a zone is written in it, with its VTIMEZONE, and read back on the right instant the day clocks change', () => {
  const start = new Date('2026-03-08T14:00:00Z'); // 10:00 in New York, the first day of daylight time
  const calendar = renderCalendar('REQUEST', [
    {
      uid: 'one',
      sequence: 0,
      cancelled: false,
      start,
      end: new Date('2026-03-08T15:00:00Z'),
      summary: 'Cash flow',
      description: '',
      organizer: { name: 'Ada', email: 'ada@example.com' },
      attendees: [],
      url: 'http://localhost/x',
      stamp: start,
      timeZone: 'America/New_York',
    },
  ]);
  expect(calendar).toContain('DTSTART;TZID=America/New_York:20260308T100000\r\n');
  const component = new ICAL.Component(ICAL.parse(calendar));
  for (const zone of component.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(component.getFirstSubcomponent('vevent') as ICAL.Component);
  expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
  expect(event.startDate.zone?.tzid).toBe('America/New_York');
});
