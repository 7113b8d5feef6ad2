import { LAST_MESSAGE_PREVIEW_LENGTH, MAX_CONVERSATION_PARTICIPANTS, type MessageType } from '@smart/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  type ConversationRow,
  conversationParticipants,
  conversations,
  messages,
  organizations,
  users,
} from '../../../db/schema/index.js';
import { actorReader, readableConversations } from '../../../lib/read-rules/index.js';
import { qualified } from '../../../lib/sql.js';
import { type Actor, usersArePeopleOf } from '../../../lib/tenancy.js';
import type { UserSummaryRow } from '../../people/index.js';
import { type AwayJson, awayNoticeJson } from '../../time-away/index.js';

/**
 * Conversations as the caller's list shows them, in ONE statement for any number of rows: the
 * caller's participation (its read marker), the organization's name, the participants who are
 * still the organization's people, the newest message, the caller's unread count, and the total
 * (a window count) for paging.
 */

export interface LastMessageRecord {
  id: string;
  content: string;
  messageType: MessageType;
  senderId: string | null;
  senderName: string;
  sentAt: string;
}

export interface ConversationRecord {
  conversation: ConversationRow;
  organizationName: string;
  participants: UserSummaryRow[];
  participantCount: number;
  lastMessage: LastMessageRecord | null;
  unreadCount: number;
  total: number;
  /** Its advisor's time away today, for an advisor chat (the "away until …" notice). */
  advisorAway: AwayJson | null;
}

const conversationId = qualified(conversations.id);
const conversationOrganization = qualified(conversations.organizationId);

/** The participant rows of the outer conversation whose users (as "p") are its organization's people now. */
const currentParticipants = sql`${conversationParticipants} cp join ${users} p on p.id = cp.user_id
  where cp.conversation_id = ${conversationId}
    and ${usersArePeopleOf(
      { id: sql`p.id`, organizationId: sql`p.organization_id`, role: sql`p.role`, isActive: sql`p.is_active` },
      conversationOrganization,
    )}`;

/**
 * Those participants by name, at most MAX_CONVERSATION_PARTICIPANTS (a group holds no more; an
 * organization-wide conversation of a large organization lists its first ones), and their count.
 */
const participantsJson = sql<UserSummaryRow[]>`(
  select coalesce(json_agg(json_build_object('id', x.id, 'email', x.email, 'firstName', x.first_name,
    'lastName', x.last_name, 'profileImage', x.profile_image, 'jobTitle', x.job_title, 'phone', x.phone,
    'role', x.role) order by x.last_name, x.first_name, x.id), '[]'::json)
  from (select p.* from ${currentParticipants} order by p.last_name, p.first_name, p.id
    limit ${sql.raw(String(MAX_CONVERSATION_PARTICIPANTS))}) x
)`;
const participantCount = sql<number>`(select count(*) from ${currentParticipants})`.mapWith(Number);

/** The newest message (over messages_conversation_seq_idx), its text cut for the preview. */
const lastMessageJson = sql<LastMessageRecord | null>`(
  select json_build_object('id', m.id, 'content', left(m.content, ${sql.raw(String(LAST_MESSAGE_PREVIEW_LENGTH))}),
    'messageType', m.message_type, 'senderId', m.sender_id,
    'senderName', coalesce(s.first_name || ' ' || s.last_name, ''), 'sentAt', m.created_at)
  from ${messages} m left join ${users} s on s.id = m.sender_id
  where m.conversation_id = ${conversationId}
  order by m.seq desc limit 1
)`;

/** Messages by others after the caller's read marker (a range of messages_conversation_seq_idx). */
const unreadMessages = (actor: Actor) => sql`${messages} m
  where m.conversation_id = ${conversationId} and m.seq > ${qualified(conversationParticipants.lastReadSeq)}
    and m.sender_id is distinct from ${actor.id}`;
const unreadCount = (actor: Actor) => sql<number>`(select count(*) from ${unreadMessages(actor)})`.mapWith(Number);

/** A condition for selectConversationRecords: the caller has unread messages there. */
export const hasUnreadMessages = (actor: Actor): SQL => sql`exists (select 1 from ${unreadMessages(actor)})`;

/**
 * The caller's conversations matching `where`, most recent activity first: the rows of its
 * participations (conversation_participants_user_idx) in organizations it is one of the people of.
 */
export function selectConversationRecords(db: Database, actor: Actor, where?: SQL) {
  return db
    .select({
      conversation: conversations,
      organizationName: organizations.name,
      participants: participantsJson,
      participantCount,
      lastMessage: lastMessageJson,
      unreadCount: unreadCount(actor),
      total: sql<number>`count(*) over ()`.mapWith(Number),
      advisorAway: awayNoticeJson(conversations.advisorId, conversations.organizationId),
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .innerJoin(organizations, eq(organizations.id, conversations.organizationId))
    .where(and(eq(conversationParticipants.userId, actor.id), readableConversations(actorReader(actor)), where))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .$dynamic();
}

/** One conversation as the caller's list shows it, or undefined when it is not the caller's. */
export async function loadConversationRecord(
  db: Database,
  actor: Actor,
  id: string,
): Promise<ConversationRecord | undefined> {
  const [record] = await selectConversationRecords(db, actor, eq(conversations.id, id)).limit(1);
  return record;
}

/**
 * GET /api/conversations/unread: messages by others after the caller's read markers, and in how
 * many conversations, over all of its conversations: one statement, the Messenger menu's badge.
 */
export async function unreadTotal(db: Database, actor: Actor) {
  const [row] = await db
    .select({
      total: sql<number>`count(${messages.id})`.mapWith(Number),
      conversations: sql<number>`count(distinct ${messages.conversationId})`.mapWith(Number),
    })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .innerJoin(
      messages,
      and(
        eq(messages.conversationId, conversationParticipants.conversationId),
        sql`${messages.seq} > ${conversationParticipants.lastReadSeq}`,
        sql`${messages.senderId} is distinct from ${actor.id}`,
      ),
    )
    .where(and(eq(conversationParticipants.userId, actor.id), readableConversations(actorReader(actor))));
  return { total: row?.total ?? 0, conversations: row?.conversations ?? 0 };
}

/**
 * The conversation row when the actor takes part in it and is one of its organization's people
 * now (the read rule of every conversation and message route and room), else undefined: one query.
 */
export async function participation(db: Database, actor: Actor, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select({ conversation: conversations })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(
      and(
        eq(conversationParticipants.conversationId, id),
        eq(conversationParticipants.userId, actor.id),
        readableConversations(actorReader(actor)),
      ),
    )
    .limit(1);
  return row?.conversation;
}
