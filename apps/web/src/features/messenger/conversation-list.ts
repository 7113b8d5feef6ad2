import { type Conversation, LAST_MESSAGE_PREVIEW_LENGTH, type LastMessage, type Message } from '@smart/contracts';

/**
 * The conversation list kept current from live events without asking the server again: a new
 * message moves its conversation to the top with its preview, time and unread count.
 */

/** The list's preview of a message, as the server builds it. */
export function previewOf(message: Message): LastMessage {
  return {
    id: message.id,
    content: message.content.slice(0, LAST_MESSAGE_PREVIEW_LENGTH),
    messageType: message.messageType,
    senderId: message.senderId?.id ?? null,
    senderName: message.senderId ? `${message.senderId.firstName} ${message.senderId.lastName}`.trim() : '',
    sentAt: message.createdAt,
  };
}

/** Most recent activity first, like GET /api/conversations. */
export function byActivity(conversations: readonly Conversation[]): Conversation[] {
  return [...conversations].sort((a, b) => Date.parse(b.lastActivityAt) - Date.parse(a.lastActivityAt));
}

interface NewMessageContext {
  /** The signed-in user: their own messages never count as unread. */
  userId: string;
  /** The conversation is open and on screen: its messages are being read as they come. */
  reading: boolean;
}

/**
 * The list after a new message: its conversation with the message as preview, moved by its time,
 * one more unread unless the user sent it or is reading. Null when the conversation is not in the
 * list (new to the user, or on a page not loaded): the caller asks the server.
 */
export function withNewMessage(
  conversations: readonly Conversation[],
  message: Message,
  { userId, reading }: NewMessageContext,
): Conversation[] | null {
  const conversation = conversations.find((candidate) => candidate.id === message.conversationId);
  if (!conversation) return null;
  // A message already shown (the sender's own socket hears it after the acknowledgement) counts once.
  if (conversation.lastMessage && Date.parse(conversation.lastMessage.sentAt) > Date.parse(message.createdAt)) {
    return [...conversations];
  }
  if (conversation.lastMessage?.id === message.id) return [...conversations];
  const unread = message.senderId?.id !== userId && !reading;
  const updated: Conversation = {
    ...conversation,
    lastMessage: previewOf(message),
    lastActivityAt: message.createdAt,
    unreadCount: unread ? conversation.unreadCount + 1 : conversation.unreadCount,
  };
  return byActivity(conversations.map((candidate) => (candidate.id === updated.id ? updated : candidate)));
}

/** The list with a conversation added or replaced (conversation_updated, a created one). */
export function withConversation(conversations: readonly Conversation[], conversation: Conversation): Conversation[] {
  const others = conversations.filter((candidate) => candidate.id !== conversation.id);
  return byActivity([conversation, ...others]);
}

/** One conversation changed in place (read, status), the order kept. */
export function patchConversation(
  conversations: readonly Conversation[],
  conversationId: string,
  patch: Partial<Conversation>,
): Conversation[] {
  return conversations.map((candidate) => (candidate.id === conversationId ? { ...candidate, ...patch } : candidate));
}
