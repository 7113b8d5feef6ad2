import { z } from 'zod';
import { MAX_NAME_LENGTH } from '../limits.js';
import {
  CLIENT_MESSAGE_ID_PATTERN,
  CONVERSATION_MAX_PAGE_SIZE,
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_STATUSES,
  CONVERSATION_TYPES,
  MAX_CLIENT_MESSAGE_ID_LENGTH,
  MAX_CONVERSATION_DESCRIPTION_LENGTH,
  MAX_CONVERSATION_PARTICIPANTS,
  MAX_CONVERSATION_TITLE_LENGTH,
  MAX_MESSAGE_ATTACHMENTS,
  MAX_MESSAGE_LENGTH,
  MESSAGE_MAX_PAGE_SIZE,
  MESSAGE_PAGE_SIZE,
  MESSAGE_TYPES,
} from '../messenger.js';
import { UI_TEXT } from '../ui-text.js';
import { organizationAdvisorSchema } from './advisors.js';
import {
  boundedString,
  idSchema,
  optionalText,
  permissionsSchema,
  recordIds,
  requiredLine,
  singleLine,
} from './common.js';
import { FILE_KEY_PATTERN } from './files.js';
import { mentionsSchema } from './notifications.js';
import { organizationFilterQuery, userSummarySchema } from './structure.js';
import { ticketCategorySchema, ticketPrioritySchema, ticketStatusSchema } from './tickets.js';
import { awayNoticeSchema } from './time-away.js';
import { tagsField } from './work.js';

/**
 * Conversations and messages. A conversation
 * lives in one organization; only its participants see it (others get 404). Rows carry the caller's
 * unread count and `permissions` from the server's conversation policy.
 */
export const conversationTypeSchema = z.enum(CONVERSATION_TYPES);
export const conversationStatusSchema = z.enum(CONVERSATION_STATUSES);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);

/** The list's preview of the newest message (content, senderId, sentAt). */
export const lastMessageSchema = z.object({
  id: z.string(),
  /** The text, cut to LAST_MESSAGE_PREVIEW_LENGTH; '' for a message of files only. */
  content: z.string(),
  messageType: messageTypeSchema,
  senderId: z.string().nullable(),
  /** "First Last" of the sender, '' when the account is gone. */
  senderName: z.string(),
  sentAt: z.string(),
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

export const conversationSchema = z.object({
  ...recordIds,
  title: z.string(),
  type: conversationTypeSchema,
  status: conversationStatusSchema,
  organizationId: z.string(),
  /** Labels the conversation in an advisor's inbox across organizations. */
  organizationName: z.string(),
  /** The advisor of an advisor chat (type ticket); null otherwise. */
  advisorId: z.string().nullable(),
  category: ticketCategorySchema,
  priority: ticketPrioritySchema,
  description: z.string().nullable(),
  tags: z.array(z.string()),
  createdBy: z.string().nullable(),
  /**
   * The people who read and write it (those who still have access to its organization), by name; at
   * most MAX_CONVERSATION_PARTICIPANTS (an organization-wide one lists its first), participantCount is exact.
   */
  participants: z.array(userSummarySchema),
  participantCount: z.number().int(),
  lastMessage: lastMessageSchema.nullable(),
  /** Messages by others after the caller's read marker. */
  unreadCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The last message's time, else the creation time: the list's order (most recent first). */
  lastActivityAt: z.string(),
  /** An advisor chat whose advisor is away today: until when, and who stands in for the organization. */
  advisorAway: awayNoticeSchema.nullable(),
  /**
   * canEdit: title; canChangeStatus: status; canManageParticipants: add and remove participants
   * (PUT /api/conversations/{id}); who gets which:
   * docs/decisions/0096-messenger-who-is-in-a-conversation-and-who-may-change-it.md.
   */
  permissions: permissionsSchema('canEdit', 'canChangeStatus', 'canManageParticipants'),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * A file on a message. `s3Key` and `fileName` are the stored key; download it through
 * GET /api/files/download/{s3Key}, which answers a short-lived signed URL to participants only.
 */
export const messageAttachmentSchema = z.object({
  s3Key: z.string(),
  originalName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  fileUrl: z.string(),
  fileName: z.string(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/** The ticket a message was turned into. */
export const messageTicketSchema = z.object({ id: z.string(), title: z.string(), status: ticketStatusSchema });

export const messageSchema = z.object({
  ...recordIds,
  conversationId: z.string(),
  content: z.string(),
  messageType: messageTypeSchema,
  attachments: z.array(messageAttachmentSchema),
  /** The sender (the API's name for it); null when the account is gone. */
  senderId: userSummarySchema.nullable(),
  createdAt: z.string(),
  ticket: messageTicketSchema.nullable(),
  /** The id the sender's client gave it (sendMessageBody), so its outgoing copy is matched by id; null without one. */
  clientMessageId: z.string().nullable(),
  /** The people the message mentions (@), by id. */
  mentions: z.array(z.string()),
});
export type Message = z.infer<typeof messageSchema>;

/** GET /api/conversations/advisors/available: an advisor a member can chat with (its organization's active ones). */
export const availableAdvisorSchema = organizationAdvisorSchema.shape.advisor;
export type AvailableAdvisor = z.infer<typeof availableAdvisorSchema>;

/** GET /api/conversations/unread: messages by others after the caller's read markers, over all its conversations. */
export const unreadTotalSchema = z.object({ total: z.number().int(), conversations: z.number().int() });
export type UnreadTotal = z.infer<typeof unreadTotalSchema>;

/** PUT /api/messages/conversations/{id}/read. */
export const readMarkerSchema = z.object({
  conversationId: z.string(),
  unreadCount: z.literal(0),
  lastReadMessageId: z.string().nullable(),
});

// ---- request bodies and queries ----------------------------------------------------------------

const participantIdsField = z.array(idSchema).max(MAX_CONVERSATION_PARTICIPANTS);
const conversationTitle = requiredLine(UI_TEXT.conversationTitleRequired, MAX_CONVERSATION_TITLE_LENGTH);

/**
 * POST /api/conversations. The caller is always a participant; participantIds name the
 * others (people of the organization, or its active advisors; anyone else is a 400).
 * organizationId: an advisor names the organization; members create in their own.
 */
export const createConversationBody = z.object({
  title: conversationTitle,
  participantIds: participantIdsField.default([]),
  category: ticketCategorySchema.optional(),
  priority: ticketPrioritySchema.optional(),
  description: optionalText(MAX_CONVERSATION_DESCRIPTION_LENGTH),
  tags: tagsField.optional(),
  organizationId: idSchema.optional(),
});
export type CreateConversationBody = z.input<typeof createConversationBody>;

/** PUT /api/conversations/{id}: participantIds is the whole new list of participants (the caller included). */
export const updateConversationBody = z.object({
  title: conversationTitle.optional(),
  status: conversationStatusSchema.optional(),
  participantIds: participantIdsField.optional(),
});
export type UpdateConversationBody = z.input<typeof updateConversationBody>;

/** A file the sender uploaded through POST /api/files/upload (its answer's fields, or s3Key). */
export const messageAttachmentBody = z
  .object({
    s3Key: boundedString(48).regex(FILE_KEY_PATTERN).optional(),
    fileName: boundedString(48).regex(FILE_KEY_PATTERN).optional(),
    originalName: singleLine(boundedString(MAX_NAME_LENGTH * 2)).optional(),
    fileType: singleLine(boundedString(MAX_NAME_LENGTH)).optional(),
    fileSize: z.number().int().min(0).optional(),
    fileUrl: boundedString(200).optional(),
  })
  .refine((file) => file.s3Key ?? file.fileName, { error: UI_TEXT.messageFileRequired });

/**
 * POST /api/messages and the socket's send_message. Non-blank text or at least one file;
 * the text is stored without its surrounding blank space (its inner line breaks stay). With a
 * `clientMessageId`, sending again (Retry after a lost answer) stores nothing new.
 */
export const sendMessageBody = z
  .object({
    conversationId: idSchema,
    content: boundedString(MAX_MESSAGE_LENGTH).default(''),
    messageType: messageTypeSchema.optional(),
    attachments: z.array(messageAttachmentBody).max(MAX_MESSAGE_ATTACHMENTS).default([]),
    /** The client's id for this message: the same sender sending it again gets the stored message back. */
    clientMessageId: boundedString(MAX_CLIENT_MESSAGE_ID_LENGTH)
      .regex(CLIENT_MESSAGE_ID_PATTERN, { error: UI_TEXT.clientMessageIdInvalid })
      .optional(),
    /** The people the text @mentions: notified (instead of the message's notice) when they take part. */
    mentions: mentionsSchema,
  })
  .refine((body) => body.content.trim() !== '' || body.attachments.length > 0, {
    error: UI_TEXT.messageEmpty,
    path: ['content'],
  });
export type SendMessageBody = z.input<typeof sendMessageBody>;

/**
 * GET /api/messages/conversations/{id}: page 1 is the newest `limit` messages (1 and 50).
 * `before` / `after` (a message id) return the `limit` messages right before it, or the first `limit`
 * strictly after it (catch-up after a reconnect). Every answer lists its messages oldest first.
 */
export const messageListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MESSAGE_MAX_PAGE_SIZE).default(MESSAGE_PAGE_SIZE),
  before: idSchema.optional(),
  after: idSchema.optional(),
});
export type MessageListQuery = z.input<typeof messageListQuery>;

/** GET /api/conversations (and advisors/conversations): the caller's, most recent activity first. */
export const conversationListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(CONVERSATION_MAX_PAGE_SIZE).default(CONVERSATION_PAGE_SIZE),
  /** Only this organization's (an advisor's inbox narrowed to one organization). */
  organizationId: idSchema.optional(),
});
export type ConversationListQuery = z.input<typeof conversationListQuery>;

/**
 * GET /api/conversations/advisors/conversation: gets or creates the advisor chat. A member names
 * the advisor (advisorId; without it, its organization's first active advisor); an advisor names
 * the organization (organizationId: the Messenger's ?org=).
 */
export const advisorConversationQuery = z.object({
  advisorId: idSchema.optional(),
  organizationId: idSchema.optional(),
});
export type AdvisorConversationQuery = z.input<typeof advisorConversationQuery>;

/**
 * GET /api/conversations/advisors/private: gets or creates the member's private chat with one of
 * its organization's active advisors (advisorId; without it, the first one).
 */
export const privateAdvisorConversationQuery = z.object({ advisorId: idSchema.optional() });
export type PrivateAdvisorConversationQuery = z.input<typeof privateAdvisorConversationQuery>;

/** GET /api/conversations/general: gets or creates the organization's general conversation (advisors name it). */
export const generalConversationQuery = organizationFilterQuery;

// ---- live payloads, client → server (the socket pipeline parses with these: client-events.ts's clientEvents) ----

/** join_conversation / leave_conversation. */
export const conversationRoomPayload = z.object({ conversationId: idSchema });
export type ConversationRoomPayload = z.input<typeof conversationRoomPayload>;
/** typing: `isTyping` false when the composer is cleared or sent. */
export const typingPayload = z.object({ conversationId: idSchema, isTyping: z.boolean() });
export type TypingPayload = z.input<typeof typingPayload>;
