import type { Slot } from '@smart/contracts';
import { formatSlotTime } from '@smart/contracts';
import { momentAtWallClock, wallClockAt } from '@/lib/time-zone';

/**
 * How meetings and free slots read on the viewer's clocks: slots grouped by the viewer's days, the
 * week a booking dialog shows, and a time named in both zones when the advisor's differs.
 * Pure: every function takes the zone it speaks of.
 */

const DAYS_A_WEEK = 7;

/** A day of the viewer's calendar and the free starts on it, in order. */
export interface SlotDay {
  /** YYYY-MM-DD on the viewer's clocks. */
  date: string;
  /** "Monday, March 9". */
  label: string;
  slots: { start: string; end: string; time: string }[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar date a moment falls on in a zone, YYYY-MM-DD. */
export function dateIn(moment: Date, timeZone: string): string {
  const clock = wallClockAt(moment, timeZone);
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** The hour and minute on the zone's clocks: "9:00 AM". */
export function clockTime(moment: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(moment));
}

/** The zone's name as it reads at a moment ("Central European Summer Time"), right on either side of a change. */
export function zoneName(moment: string | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' }).formatToParts(new Date(moment));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** Free slots by the viewer's days: a slot at 23:30 UTC may be the next morning where the viewer is. */
export function groupSlotsByDay(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  const dayLabel = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const start = new Date(slot.start);
    const date = dateIn(start, timeZone);
    let day = days.get(date);
    if (!day) {
      day = { date, label: dayLabel.format(start), slots: [] };
      days.set(date, day);
    }
    day.slots.push({ start: slot.start, end: slot.end, time: clockTime(start, timeZone) });
  }
  return [...days.values()];
}

/**
 * The `week`-th week from today on the viewer's clocks: midnight today to midnight seven days on,
 * each found on the zone's own clocks (a week holding a change is 167 or 169 hours long).
 */
export function weekWindow(now: Date, timeZone: string, week: number): { from: string; to: string } {
  const today = wallClockAt(now, timeZone);
  const midnight = (dayOffset: number) => {
    // Date.UTC rolls a day past the month's end over into the next month.
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + dayOffset));
    return momentAtWallClock(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0 },
      timeZone,
    );
  };
  return {
    from: midnight(week * DAYS_A_WEEK).toISOString(),
    to: midnight((week + 1) * DAYS_A_WEEK).toISOString(),
  };
}

/** "Mar 9 – Mar 15" for a week's window, on the viewer's clocks (its `to` is the midnight after). */
export function weekLabel(window: { from: string; to: string }, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' });
  const lastDay = new Date(new Date(window.to).getTime() - 1);
  return `${format.format(new Date(window.from))} – ${format.format(lastDay)}`;
}

/**
 * A meeting's time for its confirmation: in the viewer's zone with its name and, when the advisor
 * keeps other clocks at that moment, the advisor's reading too (zones with the same offset and name
 * at that moment read the same, so they are named once).
 */
export function timeInBothZones(
  start: string,
  viewerZone: string,
  advisorZone: string,
): { viewer: string; advisor: string | null } {
  const viewer = formatSlotTime(start, viewerZone);
  const advisor = formatSlotTime(start, advisorZone);
  return { viewer, advisor: advisor === viewer ? null : advisor };
}

/** A meeting's span on the viewer's clocks: "Mon, Mar 9, 2026, 9:00 AM Eastern Daylight Time · 30 min". */
export function meetingTimeLabel(meeting: { start: string; length: number }, timeZone: string): string {
  return `${formatSlotTime(meeting.start, timeZone)} · ${meeting.length} min`;
}
