import type { NotificationData, NotificationRecordType, NotificationType, SmsKey } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, organizationColumn, ownerColumn, personColumn } from './columns.js';
import { organizations } from './organizations.js';
import { tasks } from './work.js';

/** Who an event is for, resolved in SQL at fan-out (modules/notifications/audience.ts). */
export interface AudienceRule {
  /** Named people (an assignee, a creator, the mentioned). */
  users?: string[];
  /** Every active member of the event's organization with one of these roles ('user', 'org_admin'), or all. */
  organizationMembers?: 'all' | 'org_admin';
  /** The advisors actively assigned to the event's organization. */
  organizationAdvisors?: boolean;
  /** A conversation's participants. */
  conversationParticipants?: string;
  /** A project's creator, lead and the people with tasks in it. */
  projectPeople?: string;
  /** People told even though they can no longer open the record (an advisor removed from the organization). */
  withoutAccessCheck?: string[];
  /** People not told (those viewing the conversation right now). */
  except?: string[];
}

/**
 * The outbox: one row per thing that happened, written in the transaction of the change. Its
 * fan-out job (queued in the same transaction) turns it into notifications and deliveries.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: id(),
    /** Null for account events (security notices). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    recordType: text('record_type').$type<NotificationRecordType>().notNull(),
    recordId: uuid('record_id').notNull(),
    /** A task's project: following or muting the project covers its tasks. */
    projectId: uuid('project_id'),
    actorId: personColumn('actor_id'),
    audience: jsonb('audience').$type<AudienceRule>().notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    /** The SMS toggle this event rides on (urgent ones only). */
    smsKey: text('sms_key').$type<SmsKey>(),
    createdAt: createdAt(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (table) => [index('notification_events_pending_idx').on(table.createdAt).where(sql`${table.fannedOutAt} is null`)],
);

/**
 * One per (event, recipient): the in-app record (shown when `inApp`), which e-mail and SMS
 * deliveries point at. Reading it in the app stops its pending e-mail.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    recipientId: ownerColumn('recipient_id'),
    type: text('type').$type<NotificationType>().notNull(),
    recordType: text('record_type').$type<NotificationRecordType>().notNull(),
    recordId: uuid('record_id').notNull(),
    /** False when the recipient's in-app toggles are off: the row only carries e-mail or SMS. */
    inApp: boolean('in_app').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('notifications_event_recipient_unique').on(table.eventId, table.recipientId),
    // Reading a record's notifications (and all of them) touches the unread ones alone.
    index('notifications_unread_idx')
      .on(table.recipientId, table.recordType, table.recordId)
      .where(sql`${table.inApp} and ${table.readAt} is null`),
    index('notifications_recipient_record_idx').on(table.recipientId, table.recordType, table.recordId),
  ],
);

/**
 * The inbox's items: one row per recipient and record, kept by the fan-out (newest notification,
 * how many, how many unread) and by reading, archiving and snoozing. The bell and the inbox page
 * read these rows alone, so they cost the same however many notifications a person has had.
 */
export const notificationThreads = pgTable(
  'notification_threads',
  {
    recipientId: ownerColumn('recipient_id'),
    recordType: text('record_type').$type<NotificationRecordType>().notNull(),
    recordId: uuid('record_id').notNull(),
    latestId: uuid('latest_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    latestAt: timestamp('latest_at', { withTimezone: true }).notNull(),
    /** In-app notifications about the record, and how many of them are unread. */
    updates: integer('updates').notNull(),
    unread: integer('unread').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.recipientId, table.recordType, table.recordId] }),
    // Newest first is a backward scan of these: the first page of any tab reads ~20 entries.
    index('notification_threads_inbox_idx').on(table.recipientId, table.latestAt, table.latestId),
    index('notification_threads_unread_idx')
      .on(table.recipientId, table.latestAt, table.latestId)
      .where(sql`${table.unread} > 0 and ${table.archivedAt} is null`),
  ],
);

export const DELIVERY_CHANNELS = ['email', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** pending → sending (claimed, with a lease) → sent | skipped (read meanwhile, no access, cap) | failed (retries spent). */
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed';

/**
 * An e-mail or SMS of a notification. UNIQUE (event, recipient, channel): a retried fan-out
 * cannot make a second one, and a delivery is claimed before it is sent, so two workers cannot
 * both send it.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: id(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    recipientId: ownerColumn('recipient_id'),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    /** Deliveries sent as one message: `record:<type>:<id>`, `digest`, or `event:<id>` for one alone. */
    batchKey: text('batch_key').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull(),
    /** While `sending`: until when the claim holds; past it, another worker may take it over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('notification_deliveries_event_recipient_channel_unique').on(
      table.eventId,
      table.recipientId,
      table.channel,
    ),
    index('notification_deliveries_open_idx')
      .on(table.recipientId, table.channel, table.batchKey, table.sendAfter)
      .where(sql`${table.status} in ('pending', 'sending')`),
    index('notification_deliveries_due_idx').on(table.sendAfter).where(sql`${table.status} in ('pending', 'sending')`),
    index('notification_deliveries_notification_idx').on(table.notificationId),
  ],
);

/** A person's choice for one record: follow (everything from it) or mute (nothing from it). */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    userId: ownerColumn('user_id'),
    recordType: text('record_type').$type<'project' | 'task' | 'ticket' | 'conversation'>().notNull(),
    recordId: uuid('record_id').notNull(),
    mode: text('mode').$type<'follow' | 'mute'>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.recordType, table.recordId] }),
    index('notification_subscriptions_record_idx').on(table.recordType, table.recordId),
  ],
);

/** A due-date reminder given: the key makes each one happen once, however often the sweep runs. */
export const taskReminders = pgTable(
  'task_reminders',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    recipientId: ownerColumn('recipient_id'),
    kind: text('kind').$type<'due_tomorrow' | 'due_today' | 'overdue'>().notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.recipientId, table.kind, table.dueDate] })],
);

/** SMS sent and skipped per organization and UTC day, against SMS_DAILY_LIMIT_PER_ORGANIZATION. */
export const smsDailyCounts = pgTable(
  'sms_daily_counts',
  {
    organizationId: organizationColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day] })],
);

/** A code sent to a phone number, waiting to be typed back (only its hash is stored). */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: ownerColumn('user_id').primaryKey(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
