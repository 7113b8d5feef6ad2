import {
  isAcceptedMessageFile,
  type MessageType,
  type messageListQuery,
  type sendMessageBody,
  UI_TEXT,
} from '@smart/contracts';
import { and, asc, desc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import {
  type ConversationRow,
  conversationParticipants,
  conversations,
  files,
  type MessageRow,
  messages,
  tickets,
  users,
} from '../../../db/schema/index.js';
import { publish } from '../../../events/stream.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { Page } from '../../../lib/paging.js';
import { actorReader, readableConversations } from '../../../lib/read-rules/index.js';
import { type Actor, usersArePeopleOf } from '../../../lib/tenancy.js';
import { isUnusedUpload, listAttachments } from '../../files/index.js';
import { notificationExcerpt, readableMentions } from '../../notifications/index.js';
import { type UserSummaryRow, userSummaryOf } from '../../people/index.js';
import { participation } from '../conversations/records.js';
import type { MessageRecord } from './presenter.js';

/** The conversation when the actor takes part in it, else 404 (another organization's, or not a participant). */
export async function conversationOf(db: Database, actor: Actor, conversationId: string): Promise<ConversationRow> {
  const conversation = await participation(db, actor, conversationId);
  if (!conversation) throw notFound(UI_TEXT.conversationNotFound);
  return conversation;
}

/** Messages with their senders and tickets, then their files: two queries for any number. */
async function loadMessages(db: Database, where: SQL, order: SQL[], limit?: number): Promise<MessageRecord[]> {
  const query = db
    .select({
      message: messages,
      sender: userSummaryOf(users),
      ticket: { id: tickets.id, title: tickets.title, status: tickets.status },
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .leftJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  const withFiles = rows.filter((row) => row.message.messageType === 'file').map((row) => row.message.id);
  const byMessage = await listAttachments(db, 'message', withFiles);
  return rows.map((row) => ({
    message: row.message,
    sender: row.sender?.id ? row.sender : null,
    ticket: row.ticket?.id ? row.ticket : null,
    attachments: byMessage.get(row.message.id) ?? [],
  }));
}

/** The seq of a message of this conversation named by a cursor; 400 for any other id. */
async function cursorSeq(db: Database, conversationId: string, messageId: string): Promise<number> {
  const [row] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  if (!row) throw badRequest(UI_TEXT.messageNotFound);
  return row.seq;
}

type ListQuery = z.output<typeof messageListQuery>;

/**
 * GET /api/messages/conversations/{id}: page 1 is the newest `limit` messages; `before` the `limit`
 * right before a message, `after` the first `limit` strictly after it (catch-up). Always oldest
 * first. The total is the conversation's kept count.
 */
export async function listMessages(
  db: Database,
  actor: Actor,
  conversationId: string,
  query: ListQuery,
): Promise<Page<MessageRecord>> {
  const conversation = await conversationOf(db, actor, conversationId);
  const inConversation = eq(messages.conversationId, conversation.id);
  let items: MessageRecord[];
  if (query.after) {
    const seq = await cursorSeq(db, conversation.id, query.after);
    items = await loadMessages(db, and(inConversation, gt(messages.seq, seq)) as SQL, [asc(messages.seq)], query.limit);
  } else {
    const before = query.before ? lt(messages.seq, await cursorSeq(db, conversation.id, query.before)) : undefined;
    const offset = query.before ? 0 : (query.page - 1) * query.limit;
    const newestFirst = db
      .select({ id: messages.id })
      .from(messages)
      .where(and(inConversation, before))
      .orderBy(desc(messages.seq))
      .limit(query.limit)
      .offset(offset);
    items = await loadMessages(db, inArray(messages.id, newestFirst), [asc(messages.seq)]);
  }
  const total = conversation.messageCount;
  return {
    items,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

/** The message by id as the API shows it. */
export async function loadMessage(db: Database, messageId: string): Promise<MessageRecord> {
  const [record] = await loadMessages(db, eq(messages.id, messageId), [asc(messages.seq)], 1);
  if (!record) throw notFound(UI_TEXT.messageNotFound);
  return record;
}

type SendBody = z.output<typeof sendMessageBody>;

/** A files row moved onto a message. */
type AttachedFile = { originalName: string; contentType: string };

/**
 * Moves the sender's own, not yet attached uploads onto the message (400 for any other key or a
 * type the messenger does not take; the transaction then stores nothing).
 */
async function attachFiles(
  tx: Pick<Database, 'update'>,
  actor: Actor,
  message: { id: string; organizationId: string },
  keys: string[],
) {
  if (keys.length === 0) return;
  const attached: AttachedFile[] = await tx
    .update(files)
    .set({ organizationId: message.organizationId, recordType: 'message', recordId: message.id })
    .where(and(inArray(files.key, keys), eq(files.uploadedBy, actor.id), isUnusedUpload))
    .returning({ originalName: files.originalName, contentType: files.contentType });
  if (attached.length !== new Set(keys).size) throw badRequest(UI_TEXT.ticketFileNotYours);
  if (!attached.every((file) => isAcceptedMessageFile(file.originalName, file.contentType))) {
    throw badRequest(UI_TEXT.messageFileNotAccepted);
  }
}

/** What the send statement answers (json: dates as text). */
interface StoredMessage {
  id: string;
  seq: number;
  organizationId: string;
  conversationTitle: string;
  createdAt: string;
  sender: UserSummaryRow;
  recipients: string[] | null;
}

/**
 * The one statement of a send: the message goes in only when the sender reads the conversation
 * (its read rule, lib/read-rules readableConversations: a participant who is one of its
 * organization's people); the conversation's activity time and count and the sender's read marker
 * move with it; it answers the stored message, its sender and who receives it now (participants
 * still the organization's people). No row: not stored — no access (404), or the sender's
 * clientMessageId is taken (a repeat: messages_sender_client_id_unique).
 */
function insertMessage(
  actor: Actor,
  conversationId: string,
  content: string,
  messageType: MessageType,
  clientMessageId: string | null,
) {
  const recipient = {
    id: sql`r.id`,
    organizationId: sql`r.organization_id`,
    role: sql`r.role`,
    isActive: sql`r.is_active`,
  };
  return sql`
    with target as (
      select ${conversations.id}, ${conversations.organizationId}, ${conversations.title} from ${conversations}
      where ${conversations.id} = ${conversationId} and ${readableConversations(actorReader(actor))}
    ), stored as (
      insert into ${messages} (organization_id, conversation_id, sender_id, content, message_type, client_message_id)
      select organization_id, id, ${actor.id}, ${content}, ${messageType}, ${clientMessageId} from target
      on conflict (sender_id, client_message_id) where client_message_id is not null do nothing
      returning id, seq, organization_id, created_at
    ), activity as (
      update ${conversations} set last_message_at = stored.created_at, message_count = message_count + 1
      from stored where ${conversations}.id = ${conversationId}
    ), marker as (
      update ${conversationParticipants} set last_read_seq = stored.seq
      from stored where conversation_id = ${conversationId} and user_id = ${actor.id}
    )
    select json_build_object('id', stored.id, 'seq', stored.seq, 'organizationId', stored.organization_id,
      'conversationTitle', (select title from target), 'createdAt', stored.created_at,
      'sender', (select json_build_object('id', u.id, 'email', u.email, 'firstName', u.first_name,
        'lastName', u.last_name, 'profileImage', u.profile_image, 'jobTitle', u.job_title, 'phone', u.phone,
        'role', u.role) from ${users} u where u.id = ${actor.id}),
      'recipients', (select json_agg(r.id order by r.id) from ${conversationParticipants} cp
        join ${users} r on r.id = cp.user_id
        where cp.conversation_id = ${conversationId} and ${usersArePeopleOf(recipient, sql`stored.organization_id`)})
    ) as stored from stored`;
}

/**
 * POST /api/messages and send_message: a participant's message (non-blank text or files it
 * uploaded), stored with the conversation's activity time and count and the sender's read marker
 * in one statement, with its files and notifications in one transaction (`viewers`, those viewing
 * the conversation now, are not notified: the caller asks the sockets). Returns who receives it, resolved now.
 * A repeat of the sender's clientMessageId stores nothing: the unique index refuses the row
 * (ON CONFLICT DO NOTHING, so two sends at once cannot both store it) and the stored message is
 * read back, `repeated` (not to be announced again).
 */
export async function sendMessage(
  db: Database,
  actor: Actor,
  body: SendBody,
  viewers: readonly string[] = [],
): Promise<{ record: MessageRecord; recipients: string[]; repeated: boolean }> {
  const keys = body.attachments.map((file) => (file.s3Key ?? file.fileName) as string);
  const content = body.content.trim();
  const messageType: MessageType = keys.length > 0 ? 'file' : 'text';
  const clientMessageId = body.clientMessageId ?? null;
  const sent = await db.transaction(async (tx) => {
    const statement = insertMessage(actor, body.conversationId, content, messageType, clientMessageId);
    const { rows } = (await tx.execute(statement)) as { rows: { stored: StoredMessage }[] };
    const stored = rows[0]?.stored;
    if (!stored) return undefined;
    await attachFiles(tx, actor, stored, keys);
    const mentions = await keepMentions(tx, stored, body);
    await publish(db, tx, {
      type: 'message.sent',
      organizationId: stored.organizationId,
      actorId: actor.id,
      payload: {
        messageId: stored.id,
        conversationId: body.conversationId,
        conversationTitle: stored.conversationTitle,
        excerpt: notificationExcerpt(content),
        mentionedIds: mentions,
        viewerIds: [...viewers],
      },
    });
    return { stored, mentions };
  });
  if (!sent) {
    if (clientMessageId)
      return {
        record: await earlierSend(db, actor, body.conversationId, clientMessageId),
        recipients: [],
        repeated: true,
      };
    throw notFound(UI_TEXT.conversationNotFound);
  }
  const { stored, mentions } = sent;
  const message: MessageRow = {
    id: stored.id,
    seq: Number(stored.seq),
    organizationId: stored.organizationId,
    conversationId: body.conversationId,
    senderId: actor.id,
    content,
    messageType,
    ticketId: null,
    mentions,
    clientMessageId,
    createdAt: new Date(stored.createdAt),
  };
  const attachments = keys.length > 0 ? ((await listAttachments(db, 'message', [stored.id])).get(stored.id) ?? []) : [];
  return {
    record: { message, sender: stored.sender, ticket: null, attachments },
    recipients: stored.recipients ?? [],
    repeated: false,
  };
}

/**
 * The stored message's mentions: the participants it names who can read the conversation (others
 * are dropped: notifications/mentions.ts). No statement for a message without any.
 */
async function keepMentions(tx: Database, stored: StoredMessage, body: SendBody): Promise<string[]> {
  if (!body.mentions?.length) return [];
  const record = { type: 'conversation' as const, id: body.conversationId, organizationId: stored.organizationId };
  const mentions = await readableMentions(tx, record, body.mentions);
  if (mentions.length > 0) await tx.update(messages).set({ mentions }).where(eq(messages.id, stored.id));
  return mentions;
}

/**
 * The message the actor already sent with this clientMessageId, when it still takes part in the
 * conversation (else 404, as for any send there); 409 when the id was used in another conversation.
 */
async function earlierSend(db: Database, actor: Actor, conversationId: string, clientMessageId: string) {
  const conversation = await conversationOf(db, actor, conversationId);
  const [record] = await loadMessages(
    db,
    and(eq(messages.senderId, actor.id), eq(messages.clientMessageId, clientMessageId)) as SQL,
    [asc(messages.seq)],
    1,
  );
  if (!record) throw notFound(UI_TEXT.conversationNotFound);
  if (record.message.conversationId !== conversation.id) throw conflict(UI_TEXT.clientMessageIdReused);
  return record;
}

/**
 * PUT /api/messages/conversations/{id}/read: the caller's read marker moves to the newest message
 * (never back), so its unread count is 0.
 */
export async function markConversationRead(db: Database, actor: Actor, conversationId: string) {
  const conversation = await conversationOf(db, actor, conversationId);
  const [newest] = await db
    .select({ id: messages.id, seq: messages.seq })
    .from(messages)
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(desc(messages.seq))
    .limit(1);
  if (newest) {
    await db
      .update(conversationParticipants)
      .set({ lastReadSeq: sql`greatest(${conversationParticipants.lastReadSeq}, ${newest.seq})` })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversation.id),
          eq(conversationParticipants.userId, actor.id),
        ),
      );
  }
  return { conversationId: conversation.id, unreadCount: 0 as const, lastReadMessageId: newest?.id ?? null };
}

/**
 * A message the actor may read (it takes part in its conversation), in the given organization:
 * what POST /api/tickets's messageId may name; 400 otherwise.
 */
export async function readableMessageIn(db: Database, actor: Actor, messageId: string, organizationId: string) {
  const [row] = await db
    .select({ id: messages.id, conversationId: messages.conversationId, organizationId: messages.organizationId })
    .from(messages)
    .where(eq(messages.id, messageId))
    .limit(1);
  const readable = row && row.organizationId === organizationId && (await participation(db, actor, row.conversationId));
  if (!row || !readable) throw badRequest(UI_TEXT.messageNotFound);
  return row;
}

/** Links a message to the ticket made from it (same organization: the two-column key checks it). */
export async function linkMessageToTicket(
  tx: Pick<Database, 'update'>,
  messageId: string,
  ticket: { id: string; organizationId: string },
) {
  await tx
    .update(messages)
    .set({ ticketId: ticket.id })
    .where(and(eq(messages.id, messageId), eq(messages.organizationId, ticket.organizationId)));
}
