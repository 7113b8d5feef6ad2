import {
  formatHour,
  NOTIFICATION_MORNING_HOUR,
  type NotificationStatus,
  SNOOZE_HOUR_MS,
  UI_TEXT,
} from '@smart/contracts';
import type { EmptyText } from '@/components/ListView';
import { tomorrowAt } from '@/lib/time-zone';

/** The inbox's tabs, in order, with what each says when empty. */
export const INBOX_TABS: readonly { status: NotificationStatus; label: string; empty: EmptyText }[] = [
  {
    status: 'unread',
    label: 'Unread',
    empty: { title: UI_TEXT.notificationsCaughtUp, text: UI_TEXT.notificationsCaughtUpHint },
  },
  { status: 'all', label: 'All', empty: UI_TEXT.noNotifications },
  { status: 'archived', label: 'Archived', empty: UI_TEXT.noArchivedNotifications },
];

/** An item standing for several notifications about its record says how many ('3 updates'). */
export function updatesLabel(updates: number): string | null {
  return updates > 1 ? `${updates} updates` : null;
}

export type SnoozeChoice = 'hour' | 'tomorrow';

export const SNOOZE_CHOICES: readonly { choice: SnoozeChoice; label: string }[] = [
  { choice: 'hour', label: 'Snooze for 1 hour' },
  { choice: 'tomorrow', label: `Snooze until tomorrow, ${formatHour(NOTIFICATION_MORNING_HOUR)}` },
];

/** When a snooze ends: an hour from now, or tomorrow's morning hour on the user's clocks. */
export function snoozeEnd(choice: SnoozeChoice, now: Date, timeZone: string): Date {
  return choice === 'hour'
    ? new Date(now.getTime() + SNOOZE_HOUR_MS)
    : tomorrowAt(now, timeZone, NOTIFICATION_MORNING_HOUR);
}

/** 'Snoozed until Fri 8:00 AM' while a snooze lasts, on the user's clocks; null otherwise. */
export function snoozedLabel(snoozedUntil: string | null, now: Date, timeZone: string): string | null {
  if (!snoozedUntil || new Date(snoozedUntil) <= now) return null;
  const until = new Date(snoozedUntil).toLocaleString('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `Snoozed until ${until}`;
}
