import { isTimeZone } from '@smart/contracts';

/**
 * Wall-clock arithmetic in a named IANA zone with Intl alone (no date library in the app): what
 * a moment reads on the zone's clocks, and which moment a reading of those clocks is. Offsets are
 * looked up at the moment itself, so a daylight-saving change between now and then is honoured.
 */

interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const readers = new Map<string, Intl.DateTimeFormat>();

function readerFor(timeZone: string): Intl.DateTimeFormat {
  let reader = readers.get(timeZone);
  if (!reader) {
    reader = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    readers.set(timeZone, reader);
  }
  return reader;
}

/** What the zone's clocks read at a moment. */
export function wallClockAt(moment: Date, timeZone: string): WallClock {
  const parts = readerFor(timeZone).formatToParts(moment);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

/** How far the zone's clocks are ahead of UTC at a moment, in milliseconds. */
function offsetAt(moment: number, timeZone: string): number {
  const clock = wallClockAt(new Date(moment), timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - (moment - (((moment % 1000) + 1000) % 1000));
}

/**
 * The moment the zone's clocks show a wall-clock time. The offset is taken twice: once at a
 * first guess and again at the answer it gives, which lands on the right side of a change.
 */
export function momentAtWallClock(clock: Omit<WallClock, 'second'>, timeZone: string): Date {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(guess, timeZone));
}

/** The next calendar day in the zone, at `hour`:00 on its clocks. */
export function tomorrowAt(now: Date, timeZone: string, hour: number): Date {
  const today = wallClockAt(now, timeZone);
  // Date.UTC rolls the 32nd of a month over into the next one.
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return momentAtWallClock(
    { year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate(), hour, minute: 0 },
    timeZone,
  );
}

/** The browser's own zone ('UTC' where it names none). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The user's chosen zone when it is one this browser knows, else the browser's. */
export function effectiveTimeZone(chosen: string | null | undefined): string {
  return chosen && isTimeZone(chosen) ? chosen : browserTimeZone();
}
