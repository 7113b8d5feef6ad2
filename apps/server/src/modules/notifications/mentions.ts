import { type MentionableRecordType, NOTIFICATION_EXCERPT_LENGTH, type NotificationType } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { type EventSubject, eventOn, type NotificationEventInput } from '../../lib/outbox.js';
import { uuidArray } from '../../lib/sql.js';
import { personOf, readableBy } from './audience.js';

/*
 * @mentions in comments and messages: stored as user ids with the text, and told at once
 * to the people named. A mention of someone who cannot read the record is dropped, not refused
 * (docs/decisions/0128-mentions-the-readers-among-them-are-kept-the-others-dropped.md): the picker
 * offers only readers, so such an id is stale or made up, and it
 * notifies nobody.
 */

/** A comment's or message's first characters, on one line, as its events keep them. */
export function notificationExcerpt(text: string): string {
  return Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, NOTIFICATION_EXCERPT_LENGTH).join('');
}

/** A comment: its id, its text and the people it mentions (readableMentions). */
export interface MentioningComment {
  id: string;
  text: string;
  mentioned: string[];
}

/** A comment as its record's `commented` domain event carries it (contracts: domain-events.ts commentRef). */
export const commentRef = (comment: MentioningComment) => ({
  commentId: comment.id,
  excerpt: notificationExcerpt(comment.text),
  mentionedIds: comment.mentioned,
});

/**
 * The mentioned ids (each once, in their order) of active people who can read the record now, by
 * the rule fan-out uses: one query. What a comment stores and whom its `mentioned` event names.
 */
export async function readableMentions(
  db: Database,
  record: { type: MentionableRecordType; id: string; organizationId: string },
  ids: readonly string[] | undefined,
): Promise<string[]> {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) return [];
  const { rows } = (await db.execute(sql`
    select u.id from ${users} u
    where u.id = any(${uuidArray(wanted)}) and u.is_active
      and ${readableBy(personOf('u'), {
        type: sql`${record.type}`,
        id: sql`${record.id}::uuid`,
        organizationId: sql`${record.organizationId}::uuid`,
      })}`)) as unknown as { rows: { id: string }[] };
  const readable = new Set(rows.map((row) => row.id));
  return wanted.filter((id) => readable.has(id));
}

/** The `mentioned` event of a comment or message on a record (`base`: its record, organization, actor, data). */
export function mentionedEvents(
  base: Omit<NotificationEventInput, 'type' | 'audience'>,
  mentionedIn: MentionableRecordType,
  mentioned: string[],
): NotificationEventInput[] {
  if (mentioned.length === 0) return [];
  return [{ ...base, type: 'mentioned', audience: { users: mentioned }, data: { ...base.data, mentionedIn } }];
}

/**
 * A comment's events (`excerpt`: notificationExcerpt of its text): `type` to the record's `people`, and `mentioned` to the people it mentions
 * (who can read the record) instead, so each is told once.
 */
export function commentEvents(
  subject: EventSubject & { record: { type: MentionableRecordType } },
  type: NotificationType,
  actorId: string | null,
  people: string[],
  comment: { excerpt: string; mentioned: string[] },
): NotificationEventInput[] {
  const { excerpt, mentioned } = comment;
  const commented: NotificationEventInput = {
    ...eventOn(subject, type, actorId, { excerpt }),
    audience: { users: people, ...(mentioned.length > 0 && { except: mentioned }) },
  };
  const mention = eventOn(subject, 'mentioned', actorId, { excerpt });
  return [commented, ...mentionedEvents(mention, subject.record.type, mentioned)];
}
