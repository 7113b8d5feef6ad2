import type { Message } from '@smart/contracts';
import { formatDate } from './message-time';

/**
 * The open conversation's messages as the client holds them: pages loaded by scrolling up, live
 * messages and catch-up after a reconnect all merge into one list, oldest first, each message once.
 */
export interface MessageLog {
  messages: Message[];
  /** Older messages exist on the server (scrolling up loads them). */
  hasOlder: boolean;
}

const time = (message: Message) => Date.parse(message.createdAt);

/**
 * Merges messages into a list, oldest first, without duplicates: a message already there is replaced
 * by its newer copy (a message turned into a ticket), whichever way it came (page, live event, catch-up).
 * Equal times keep the order they arrived in, which is the server's.
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  if (incoming.length === 0) return [...current];
  const fresh = new Map(incoming.map((message) => [message.id, message]));
  const kept = current.map((message) => fresh.get(message.id) ?? message);
  const known = new Set(current.map((message) => message.id));
  const added = [...fresh.values()].filter((message) => !known.has(message.id));
  // Stable sort: ties keep kept-then-added order.
  return [...kept, ...added].sort((a, b) => time(a) - time(b));
}

/** The newest message the client has: where catch-up after a reconnect starts (`after`). */
export function lastMessageId(log: MessageLog | undefined): string | null {
  return log?.messages.at(-1)?.id ?? null;
}

export type TimelineItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: Message; continued: boolean };

/** Messages by one sender this close together show as one block (name and avatar once). */
const CONTINUATION_MS = 5 * 60_000;

function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** 'Today', 'Yesterday', else the weekday and date in the user's locale. */
export function dayLabel(date: Date, now: Date, locale?: string): string {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const days = Math.round((today.getTime() - day.getTime()) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return formatDate(date, locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/**
 * The list as it is shown: a separator before the first message of each day (the user's time
 * zone), and each message marked `continued` when it follows one by the same sender within minutes.
 */
export function timelineItems(messages: readonly Message[], now: Date, locale?: string): TimelineItem[] {
  const items: TimelineItem[] = [];
  let previous: Message | null = null;
  for (const message of messages) {
    const date = new Date(message.createdAt);
    const sameDay = previous !== null && localDayKey(new Date(previous.createdAt)) === localDayKey(date);
    if (!sameDay) items.push({ kind: 'day', key: `day-${localDayKey(date)}`, label: dayLabel(date, now, locale) });
    const continued =
      sameDay &&
      previous !== null &&
      previous.senderId?.id === message.senderId?.id &&
      time(message) - time(previous) < CONTINUATION_MS;
    items.push({ kind: 'message', key: message.id, message, continued });
    previous = message;
  }
  return items;
}
