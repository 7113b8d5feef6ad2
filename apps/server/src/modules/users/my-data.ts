import type { MyDataFile, MyDataList } from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  conversations,
  messages,
  notificationEvents,
  notifications,
  organizations,
  taskComments,
  tasks,
  ticketComments,
  tickets,
  timeEntries,
  users,
} from '../../db/schema/index.js';
import { recordRepeatableAudit } from '../../lib/audit.js';
import { type KeysetWalk, keysetBatches, keysetTerms, tableKeyOf } from '../../lib/keyset.js';
import type { Actor } from '../../lib/tenancy.js';
import { getNotificationSettings } from '../notifications/index.js';
import {
  type MyDataMessageRow,
  type MyDataNotificationRow,
  type MyDataTaskCommentRow,
  type MyDataTicketCommentRow,
  type MyDataTimeEntryRow,
  myDataMessage,
  myDataNotification,
  myDataPerson,
  myDataTaskComment,
  myDataTicketComment,
  myDataTimeEntry,
} from './presenter.js';
import { loadUserRecord } from './service.js';

/**
 * "Download my data" (GET /api/users/profile/data, docs/decisions/0262): the person's profile,
 * then its own rows of each kind, each list read in keyset batches (lib/keyset.ts) on an index
 * that starts with the person (messages_sender_seq_idx, task_comments_ and
 * ticket_comments_author_created_idx, time_entries_user_date_idx,
 * notifications_recipient_record_idx): a batch costs the same at row 100,000 as at row 1, reads
 * no one else's rows, and is read only when the file's reader has taken the one before. The
 * records the rows belong to are joined for their titles only.
 */

/** The file's lists, batch by batch; nothing is read until the file asks for the first batch. */
export type MyDataLists = { [K in MyDataList]: AsyncIterable<MyDataFile[K]> };

/** The person as the file shows it: the profile without its secrets, and the notification settings. */
export async function readMyDataPerson(db: Database, personId: string) {
  const record = await loadUserRecord(db, personId);
  return myDataPerson(record, await getNotificationSettings(db, personId));
}

/** The label of a download's audit line, beside the CSV exports' `tickets.csv`. */
export const MY_DATA_AUDIT_LABEL = 'my-data.json';

/**
 * A download is an export of the person's organization's audit log (the platform staff's: the
 * platform organization's), identical ones within the window one line counting them.
 */
export async function recordMyDataExport(db: Database, actor: Actor) {
  if (!actor.organizationId) return;
  await recordRepeatableAudit(db, actor.id, [
    {
      organizationId: actor.organizationId,
      action: 'export.created',
      target: { type: 'export', id: null, label: MY_DATA_AUDIT_LABEL },
    },
  ]);
}

/** `read` hears how many rows each batch read (the export's log line). */
export function myDataLists(
  db: Database,
  personId: string,
  batchRows: number,
  read: (rows: number) => void = () => {},
): MyDataLists {
  async function* presented<T, Row>(walk: KeysetWalk<T>, present: (row: T) => Row): AsyncGenerator<Row[]> {
    for await (const batch of keysetBatches(walk)) {
      read(batch.length);
      yield batch.map(present);
    }
  }
  return {
    messages: presented(messageWalk(db, personId, batchRows), myDataMessage),
    taskComments: presented(taskCommentWalk(db, personId, batchRows), myDataTaskComment),
    ticketComments: presented(ticketCommentWalk(db, personId, batchRows), myDataTicketComment),
    timeEntries: presented(timeEntryWalk(db, personId, batchRows), myDataTimeEntry),
    notifications: presented(notificationWalk(db, personId, batchRows), myDataNotification),
  };
}

/** The messages it sent, in the order sent, each with its conversation's title. */
function messageWalk(db: Database, personId: string, batchRows: number): KeysetWalk<MyDataMessageRow> {
  return {
    terms: keysetTerms([messages.seq]),
    batchRows,
    rows: ({ after, orderBy, limit }) =>
      db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          conversationTitle: conversations.title,
          type: messages.messageType,
          content: messages.content,
          ticketId: messages.ticketId,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(eq(messages.senderId, personId), after))
        .orderBy(...orderBy)
        .limit(limit),
    keyOf: tableKeyOf(db, messages, messages.id),
    idOf: (row) => row.id,
  };
}

function taskCommentWalk(db: Database, personId: string, batchRows: number): KeysetWalk<MyDataTaskCommentRow> {
  return {
    terms: keysetTerms([taskComments.createdAt, taskComments.id]),
    batchRows,
    rows: ({ after, orderBy, limit }) =>
      db
        .select({
          id: taskComments.id,
          taskId: taskComments.taskId,
          taskTitle: tasks.title,
          text: taskComments.text,
          createdAt: taskComments.createdAt,
        })
        .from(taskComments)
        .innerJoin(tasks, eq(tasks.id, taskComments.taskId))
        .where(and(eq(taskComments.authorId, personId), after))
        .orderBy(...orderBy)
        .limit(limit),
    keyOf: tableKeyOf(db, taskComments, taskComments.id),
    idOf: (row) => row.id,
  };
}

function ticketCommentWalk(db: Database, personId: string, batchRows: number): KeysetWalk<MyDataTicketCommentRow> {
  return {
    terms: keysetTerms([ticketComments.createdAt, ticketComments.id]),
    batchRows,
    rows: ({ after, orderBy, limit }) =>
      db
        .select({
          id: ticketComments.id,
          ticketId: ticketComments.ticketId,
          ticketTitle: tickets.title,
          text: ticketComments.text,
          createdAt: ticketComments.createdAt,
        })
        .from(ticketComments)
        .innerJoin(tickets, eq(tickets.id, ticketComments.ticketId))
        .where(and(eq(ticketComments.authorId, personId), after))
        .orderBy(...orderBy)
        .limit(limit),
    keyOf: tableKeyOf(db, ticketComments, ticketComments.id),
    idOf: (row) => row.id,
  };
}

/** Its time entries by day, each with its task's or ticket's title and its organization's name. */
function timeEntryWalk(db: Database, personId: string, batchRows: number): KeysetWalk<MyDataTimeEntryRow> {
  return {
    terms: keysetTerms([timeEntries.date, timeEntries.id]),
    batchRows,
    rows: ({ after, orderBy, limit }) =>
      db
        .select({
          id: timeEntries.id,
          date: timeEntries.date,
          minutes: timeEntries.minutes,
          billable: timeEntries.billable,
          note: timeEntries.note,
          recordType: timeEntries.recordType,
          taskId: timeEntries.taskId,
          ticketId: timeEntries.ticketId,
          taskTitle: tasks.title,
          ticketTitle: tickets.title,
          organizationId: timeEntries.organizationId,
          organizationName: organizations.name,
          createdAt: timeEntries.createdAt,
          updatedAt: timeEntries.updatedAt,
        })
        .from(timeEntries)
        .innerJoin(organizations, eq(organizations.id, timeEntries.organizationId))
        .leftJoin(tasks, eq(tasks.id, timeEntries.taskId))
        .leftJoin(tickets, eq(tickets.id, timeEntries.ticketId))
        .where(and(eq(timeEntries.userId, personId), after))
        .orderBy(...orderBy)
        .limit(limit),
    keyOf: tableKeyOf(db, timeEntries, timeEntries.id),
    idOf: (row) => row.id,
  };
}

/**
 * The notifications it was sent, by record (the order of the recipient's index), each record's
 * oldest first; with its event's data and actor, which its line is made of.
 */
function notificationWalk(db: Database, personId: string, batchRows: number): KeysetWalk<MyDataNotificationRow> {
  return {
    terms: keysetTerms([notifications.recordType, notifications.recordId, notifications.createdAt, notifications.id]),
    batchRows,
    rows: ({ after, orderBy, limit }) =>
      db
        .select({
          id: notifications.id,
          type: notifications.type,
          recordType: notifications.recordType,
          recordId: notifications.recordId,
          inApp: notifications.inApp,
          data: notificationEvents.data,
          actorFirstName: users.firstName,
          actorLastName: users.lastName,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.eventId))
        .leftJoin(users, eq(users.id, notificationEvents.actorId))
        .where(and(eq(notifications.recipientId, personId), after))
        .orderBy(...orderBy)
        .limit(limit),
    keyOf: tableKeyOf(db, notifications, notifications.id),
    idOf: (row) => row.id,
  };
}
