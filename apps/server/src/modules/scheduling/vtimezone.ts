import { Temporal } from 'temporal-polyfill';

/*
 * VTIMEZONE components (RFC 5545 §3.6.5) written from the runtime's own zone data, so an invitation
 * can carry its times in the advisor's zone (DTSTART;TZID=…) and Outlook, which shows "Z" times in
 * UTC on some clients, shows them as the advisor meant them. Outlook and Exchange read one STANDARD
 * and one DAYLIGHT observance with a yearly RRULE best; a zone whose changes follow no such rule
 * over the years spanned (a zone that dropped or moved its daylight time) gets one observance per
 * change instead, which every calendar reads.
 */

interface Change {
  /** The wall-clock time the change happens at, in the offset before it. */
  local: Temporal.PlainDateTime;
  fromMinutes: number;
  toMinutes: number;
}

const minutesOf = (zoned: Temporal.ZonedDateTime) => Math.round(zoned.offsetNanoseconds / 60_000_000_000);

/** "-0500", "+0530", "+1245". */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}${String(whole % 60).padStart(2, '0')}`;
}

/** 20260308T020000. */
const localText = (time: Temporal.PlainDateTime) =>
  `${String(time.year).padStart(4, '0')}${String(time.month).padStart(2, '0')}${String(time.day).padStart(2, '0')}T${String(time.hour).padStart(2, '0')}${String(time.minute).padStart(2, '0')}${String(time.second).padStart(2, '0')}`;

/** The zone's offset changes from the start of `fromYear` to the end of `toYear`. */
function changesBetween(zone: string, fromYear: number, toYear: number): Change[] {
  const changes: Change[] = [];
  const end = Temporal.ZonedDateTime.from({ timeZone: zone, year: toYear + 1, month: 1, day: 1 });
  let cursor = Temporal.ZonedDateTime.from({ timeZone: zone, year: fromYear, month: 1, day: 1 });
  for (;;) {
    const next = cursor.getTimeZoneTransition('next');
    if (!next || Temporal.ZonedDateTime.compare(next, end) >= 0) return changes;
    const before = next.subtract({ nanoseconds: 1 });
    const fromMinutes = minutesOf(before);
    const toMinutes = minutesOf(next);
    // A change of the zone's name alone (same offset) is no change to a calendar.
    if (fromMinutes !== toMinutes) {
      changes.push({
        local: next.toInstant().toZonedDateTimeISO(offsetText(fromMinutes)).toPlainDateTime(),
        fromMinutes,
        toMinutes,
      });
    }
    cursor = next;
  }
}

/** The yearly rule of a change: its month and its weekday counted from the month's start (1–4) or end (-1). */
function yearlyRule(change: Change): { month: number; week: number; weekday: number } {
  const { local } = change;
  const last = local.day + 7 > local.daysInMonth;
  return { month: local.month, week: last ? -1 : Math.ceil(local.day / 7), weekday: local.dayOfWeek };
}

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** The day of `year` a rule names, at the change's wall-clock time. */
function ruleDay(rule: ReturnType<typeof yearlyRule>, year: number, time: Temporal.PlainDateTime) {
  const first = Temporal.PlainDate.from({ year, month: rule.month, day: 1 });
  let day: Temporal.PlainDate;
  if (rule.week === -1) {
    const lastDay = first.with({ day: first.daysInMonth });
    day = lastDay.subtract({ days: (lastDay.dayOfWeek - rule.weekday + 7) % 7 });
  } else {
    day = first.add({ days: ((rule.weekday - first.dayOfWeek + 7) % 7) + (rule.week - 1) * 7 });
  }
  return day.toPlainDateTime(time.toPlainTime());
}

const sameRule = (a: ReturnType<typeof yearlyRule>, b: ReturnType<typeof yearlyRule>) =>
  a.month === b.month && a.week === b.week && a.weekday === b.weekday;

function observance(kind: 'STANDARD' | 'DAYLIGHT', change: Change, extra: string[] = []): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localText(change.local)}`,
    ...extra,
    `TZOFFSETFROM:${offsetText(change.fromMinutes)}`,
    `TZOFFSETTO:${offsetText(change.toMinutes)}`,
    `END:${kind}`,
  ];
}

/**
 * Two changes a year, each on the same weekday rule and wall-clock time every year spanned: the
 * rule as two observances. Else null.
 */
function ruledObservances(changes: Change[], fromYear: number, toYear: number): string[] | null {
  const years = toYear - fromYear + 1;
  if (changes.length !== years * 2) return null;
  const [first, second] = changes as [Change, Change];
  const rules = [yearlyRule(first), yearlyRule(second)] as const;
  for (const [index, change] of changes.entries()) {
    const model = index % 2 === 0 ? first : second;
    const rule = rules[index % 2] as ReturnType<typeof yearlyRule>;
    const expected = ruleDay(rule, fromYear + Math.floor(index / 2), model.local);
    if (
      change.fromMinutes !== model.fromMinutes ||
      change.toMinutes !== model.toMinutes ||
      !sameRule(yearlyRule(change), rule) ||
      !expected.equals(change.local)
    ) {
      return null;
    }
  }
  // Started in 1970, as Outlook writes them, so the rule covers the span from its first day.
  return [first, second].flatMap((change, index) => {
    const rule = rules[index] as ReturnType<typeof yearlyRule>;
    const kind = change.toMinutes > change.fromMinutes ? 'DAYLIGHT' : 'STANDARD';
    return observance(kind, { ...change, local: ruleDay(rule, 1970, change.local) }, [
      `RRULE:FREQ=YEARLY;BYMONTH=${rule.month};BYDAY=${rule.week}${WEEKDAYS[rule.weekday - 1]}`,
    ]);
  });
}

/**
 * The VTIMEZONE lines of an IANA zone, exact for every instant from the start of `fromYear` to the
 * end of `toYear` (the years of the events that use it, with a year's margin either side).
 */
export function vtimezoneLines(zone: string, fromYear: number, toYear: number): string[] {
  const changes = changesBetween(zone, fromYear, toYear);
  let observances: string[];
  if (changes.length === 0) {
    const minutes = minutesOf(Temporal.ZonedDateTime.from({ timeZone: zone, year: fromYear, month: 1, day: 1 }));
    observances = observance('STANDARD', {
      local: Temporal.PlainDateTime.from({ year: 1970, month: 1, day: 1 }),
      fromMinutes: minutes,
      toMinutes: minutes,
    });
  } else {
    // The offset in force before the first change, from the start of the span.
    const opening: Change = {
      local: Temporal.PlainDateTime.from({ year: 1970, month: 1, day: 1 }),
      fromMinutes: (changes[0] as Change).fromMinutes,
      toMinutes: (changes[0] as Change).fromMinutes,
    };
    observances =
      ruledObservances(changes, fromYear, toYear) ??
      [opening, ...changes].flatMap((change, index) =>
        observance(index > 0 && change.toMinutes > change.fromMinutes ? 'DAYLIGHT' : 'STANDARD', change),
      );
  }
  return ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...observances, 'END:VTIMEZONE'];
}

/** An instant as wall-clock time in `zone`, for `DTSTART;TZID=zone:…`. */
export function localTimeIn(instant: Date, zone: string): string {
  return localText(
    Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone).toPlainDateTime(),
  );
}

/** The year of an instant in `zone`. */
export function yearIn(instant: Date, zone: string): number {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone).year;
}

/**
 * Whether an instant's wall-clock time in `zone` happens twice (the hour repeated when clocks go
 * back). RFC 5545 reads such a time as the first, ical.js (Thunderbird) as the second: it is written
 * in UTC instead, which every reader takes the same way.
 */
export function isRepeatedTime(instant: Date, zone: string): boolean {
  const local = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone).toPlainDateTime();
  return (
    local.toZonedDateTime(zone, { disambiguation: 'earlier' }).epochMilliseconds !==
    local.toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds
  );
}
