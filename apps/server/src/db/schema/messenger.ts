import { CONVERSATION_STATUSES, CONVERSATION_TYPES, MESSAGE_TYPES } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, organizationColumn, ownerColumn, personColumn, timestamps } from './columns.js';
import { organizationKey, sameOrganization, type TenantTable } from './same-organization.js';
import { ticketCategoryEnum, ticketPriorityEnum, tickets } from './tickets.js';
import { users } from './users.js';

/**
 * Messenger: conversations of one organization, their participants
 * (with each one's read marker) and messages. Participants and messages carry the organization and
 * name their conversation by (organization_id, id). Participants and senders are plain user
 * references: an organization's advisors are platform staff.
 */
export const conversationTypeEnum = pgEnum('conversation_type', CONVERSATION_TYPES);
export const conversationStatusEnum = pgEnum('conversation_status', CONVERSATION_STATUSES);
export const messageTypeEnum = pgEnum('message_type', MESSAGE_TYPES);

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    organizationId: organizationColumn(),
    title: text('title').notNull(),
    type: conversationTypeEnum('type').notNull().default('group'),
    status: conversationStatusEnum('status').notNull().default('open'),
    category: ticketCategoryEnum('category').notNull().default('general'),
    priority: ticketPriorityEnum('priority').notNull().default('medium'),
    description: text('description'),
    tags: text('tags').array().notNull().default([]),
    createdBy: personColumn('created_by'),
    /** The advisor of an advisor chat (type ticket or direct). */
    advisorId: uuid('advisor_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The member of a private advisor chat (type direct, and only it): the pair is unique per organization. */
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Kept by the send transaction: a page's total without counting the messages. */
    messageCount: integer('message_count').notNull().default(0),
    /** The newest message's time, else the creation time: lists order by it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  // Get-or-create is race-proof by these: two tabs asking at once insert one row (ON CONFLICT DO
  // NOTHING), both then read it.
  (table) => [
    uniqueIndex('conversations_advisor_chat_unique')
      .on(table.organizationId, table.advisorId)
      .where(sql`${table.type} = 'ticket'`),
    // Keyed on member_id rather than the type: a migration may not use an enum value it adds.
    uniqueIndex('conversations_private_chat_unique')
      .on(table.organizationId, table.advisorId, table.memberId)
      .where(sql`${table.memberId} is not null`),
    uniqueIndex('conversations_general_unique').on(table.organizationId).where(sql`${table.type} = 'general'`),
    index('conversations_organization_activity_idx').on(table.organizationId, table.lastMessageAt),
    organizationKey(table),
  ],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id').notNull(),
    userId: ownerColumn('user_id'),
    organizationId: uuid('organization_id').notNull(),
    /** The seq of the newest message this participant has read (0: none). */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'conversation_participants_pk', columns: [table.conversationId, table.userId] }),
    // A user's conversations list starts here.
    index('conversation_participants_user_idx').on(table.userId, table.conversationId),
    sameOrganization(table, 'conversationId', (): TenantTable => conversations, 'cascade'),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    /** Insertion order: exact before/after cursors and read markers, even for equal timestamps. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    organizationId: uuid('organization_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    senderId: personColumn('sender_id'),
    content: text('content').notNull().default(''),
    /** The people the text mentions (@), by id: they are notified. */
    mentions: uuid('mentions').array().notNull().default([]),
    messageType: messageTypeEnum('message_type').notNull().default('text'),
    /** The ticket this message was turned into (same organization). */
    ticketId: uuid('ticket_id'),
    /** The sender's own id for this message: a repeated send returns the stored one (unique with the sender). */
    clientMessageId: text('client_message_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('messages_conversation_seq_idx').on(table.conversationId, table.seq),
    // Search everything: the text of the caller's conversations only (btree_gin), never
    // the matches of every conversation filtered afterwards.
    index('messages_conversation_search_idx').using('gin', table.conversationId, sql`${table.content} gin_trgm_ops`),
    // A person's own messages in the order sent ("Download my data"), without reading anyone else's.
    index('messages_sender_seq_idx').on(table.senderId, table.seq),
    uniqueIndex('messages_sender_client_id_unique')
      .on(table.senderId, table.clientMessageId)
      .where(sql`${table.clientMessageId} is not null`),
    sameOrganization(table, 'conversationId', (): TenantTable => conversations, 'cascade'),
    sameOrganization(table, 'ticketId', (): TenantTable => tickets, 'set null'),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationParticipantRow = typeof conversationParticipants.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
