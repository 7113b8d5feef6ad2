import { INLINE_IMAGE_TYPES } from './limits.js';
import type { SocketAck } from './realtime.js';
import type { ConversationStatus, Message } from './schemas/messenger.js';

/**
 * Messenger: conversation kinds and states, paging,
 * limits, accepted files and the live events. Defined once; the server's enums, routes and socket
 * handlers and the web app's page read them from here.
 */

/**
 * general: an organization's one conversation for everyone (at most one per organization);
 * ticket: the chat between an organization and one of its advisors (the ticket-type
 * conversation; at most one per organization and advisor); group: any other, made by New conversation;
 * direct: a member's private chat with one of its organization's advisors ('Chat with your advisor';
 * only the two of them, at most one per member, advisor and organization).
 */
export const CONVERSATION_TYPES = ['general', 'ticket', 'group', 'direct'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];
export const DEFAULT_CONVERSATION_TYPE: ConversationType = 'group';

/** A conversation's status follows the ticket statuses: ticket_status_updated changes it. */
export const CONVERSATION_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const DEFAULT_CONVERSATION_STATUS = 'open' satisfies ConversationStatus;

/** The title of the chat the advisor's Open Messenger and a member's 'Chat with your advisor' create. */
export const ADVISOR_CONVERSATION_TITLE = 'General Discussion';
/** The title of an organization's general conversation, created when someone has none. */
export const GENERAL_CONVERSATION_TITLE = 'General';

export const MESSAGE_TYPES = ['text', 'file'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Messages: 50 a page, page 1 by default; a client may ask for at most 100. */
export const MESSAGE_PAGE_SIZE = 50;
export const MESSAGE_MAX_PAGE_SIZE = 100;
/** Conversations list: a page of the caller's conversations, most recent activity first. */
export const CONVERSATION_PAGE_SIZE = 50;
export const CONVERSATION_MAX_PAGE_SIZE = 100;

export const MAX_MESSAGE_LENGTH = 10_000;
/**
 * A message's id chosen by its sender's client (a UUID in the web app): a repeated send with it
 * returns the stored message instead of storing it again (Retry after a lost acknowledgement).
 */
export const MAX_CLIENT_MESSAGE_ID_LENGTH = 64;
export const CLIENT_MESSAGE_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
export const MAX_CONVERSATION_TITLE_LENGTH = 200;
export const MAX_CONVERSATION_DESCRIPTION_LENGTH = 5_000;
/** Participants named in one create or update (besides the caller). */
export const MAX_CONVERSATION_PARTICIPANTS = 200;
/** Files on one message. */
export const MAX_MESSAGE_ATTACHMENTS = 10;
/** A preview of the last message in the conversations list is cut here (characters). */
export const LAST_MESSAGE_PREVIEW_LENGTH = 200;

/** The file picker accepts images, pdf, doc, docx, txt, zip and rar. */
export const MESSAGE_ATTACHMENT_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'bmp',
  'pdf',
  'doc',
  'docx',
  'txt',
  'zip',
  'rar',
] as const;
/** The `accept` attribute of the composer's file input. */
export const MESSAGE_ATTACHMENT_ACCEPT = `image/*,${MESSAGE_ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',')}`;
/**
 * The types the server's content sniffing gives those files: images, PDF, Word (doc is a CFB
 * container; a docx may read as zip), zip and rar. Plain text has no signature: it sniffs as
 * unknown, and is accepted as such only with a .txt name.
 */
export const MESSAGE_ATTACHMENT_TYPES = [
  ...INLINE_IMAGE_TYPES,
  'application/pdf',
  'application/x-cfb',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/zip',
  'application/x-rar-compressed',
  'application/vnd.rar',
] as const;
const UNKNOWN_FILE_TYPE = 'application/octet-stream';

const extensionOf = (name: string) => name.toLowerCase().split('.').pop() ?? '';

/** Whether a file (its name and its sniffed or declared type) may go on a message. */
export function isAcceptedMessageFile(name: string, type: string): boolean {
  const extension = extensionOf(name);
  if (!(MESSAGE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) return false;
  if (extension === 'txt') return type === UNKNOWN_FILE_TYPE || type === 'text/plain' || type === '';
  return (MESSAGE_ATTACHMENT_TYPES as readonly string[]).includes(type);
}

/** A typing indicator disappears when no new `typing` arrives for this long. */
export const TYPING_INDICATOR_TIMEOUT_MS = 4_000;

/** Server → client events. */
export const MESSENGER_EVENTS = {
  /** A stored message, to every participant's sockets (user rooms), whether or not its conversation is open. */
  newMessage: 'new_message',
  /** A conversation's status changed. */
  statusUpdated: 'ticket_status_updated',
  /** Someone else is typing in a conversation the socket has joined (not stored). */
  typing: 'typing',
  /** A conversation's title, status or participants changed, or the caller was added to one. */
  conversationUpdated: 'conversation_updated',
  /** The caller lost access to a conversation (removed, or its advisor assignment ended). */
  conversationRemoved: 'conversation_removed',
  /** A message changed (it was turned into a ticket): replace it where shown. */
  messageUpdated: 'message_updated',
  /** The caller read a conversation in another tab: its unread count is 0. */
  conversationRead: 'conversation_read',
  /** A refused join_conversation, send_message or typing. */
  error: 'messenger_error',
} as const;

/** Client → server events. */
export const MESSENGER_CLIENT_EVENTS = {
  join: 'join_conversation',
  leave: 'leave_conversation',
  sendMessage: 'send_message',
  typing: 'typing',
} as const;

// ---- live payloads ---------------------------------------------------------------------------

// join_conversation, leave_conversation and typing (client → server): schemas/messenger.ts.
/** typing, server → the other sockets in the conversation's room. */
export interface TypingEvent {
  conversationId: string;
  isTyping: boolean;
  user: { id: string; firstName: string; lastName: string };
}
/** new_message: the stored message, as GET /api/messages/conversations/{id} returns it. */
export interface NewMessageEvent {
  conversationId: string;
  message: Message;
}
/** ticket_status_updated for a conversation. */
export interface ConversationStatusEvent {
  conversationId: string;
  status: ConversationStatus;
  actorId: string;
}
/**
 * conversation_updated: a conversation's title, status or participants changed, or the receiver was
 * added to one; fetch it again (GET /api/conversations/{id}: the receiver's own unread count and permissions).
 */
export interface ConversationUpdatedEvent {
  conversationId: string;
}
/** message_updated. */
export interface MessageUpdatedEvent {
  conversationId: string;
  message: Message;
}
/** conversation_read, to the reader's own sockets. */
export interface ConversationReadEvent {
  conversationId: string;
  lastReadMessageId: string | null;
}
/** conversation_removed: drop it from the list and close it if open. */
export interface ConversationRemovedEvent {
  conversationId: string;
}
/** messenger_error: what was refused and why (the server's message). */
export interface MessengerErrorEvent {
  event: (typeof MESSENGER_CLIENT_EVENTS)[keyof typeof MESSENGER_CLIENT_EVENTS];
  conversationId: string | null;
  error: string;
}

/** The answer to join_conversation and typing. */
export type MessengerAck = SocketAck;
/** The answer to send_message: the stored message, or the refusal (the same as POST /api/messages's). */
export type SendMessageAck = SocketAck<{ message: Message }>;
