import { NOTIFICATION_EXCERPT_LENGTH, type NotificationData } from '@smart/contracts';
import type { NotificationEventInput } from './events.js';

/** What an event keeps of a comment or message: its first characters, on one line. */
export function excerptOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, NOTIFICATION_EXCERPT_LENGTH);
}

/** The stored form of a body's mentions: each person once. */
export const mentionIds = (mentions: readonly string[] | undefined): string[] => [...new Set(mentions ?? [])];

/**
 * The events of a comment or message that @mentions people: they get `mentioned` instead of (not
 * besides) the comment's or message's own notice. Whether each can read the record is the fan-out's
 * check (audience.ts readableBy), so a mention of someone who cannot read it tells nobody.
 */
export function withMentions(
  event: NotificationEventInput,
  mentions: readonly string[],
  mentionedIn: NonNullable<NotificationData['mentionedIn']>,
): NotificationEventInput[] {
  if (mentions.length === 0) return [event];
  const { sms: _urgentOnlyForTheNotice, ...base } = event;
  const except = event.audience.except ?? [];
  return [
    { ...event, audience: { ...event.audience, except: [...except, ...mentions] } },
    { ...base, type: 'mentioned', audience: { users: [...mentions], except }, data: { ...event.data, mentionedIn } },
  ];
}
