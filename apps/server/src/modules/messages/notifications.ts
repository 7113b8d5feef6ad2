import type { NotificationEventInput } from '../notifications/events.js';
import { excerptOf, withMentions } from '../notifications/mentions.js';

/*
 * A message's notifications (issue 22, "Team messages"): the conversation's participants who are
 * not viewing it now, and the people it @mentions (told of the mention instead).
 */

interface SentMessage {
  conversationId: string;
  organizationId: string;
  content: string;
}

/**
 * `viewers` (people with a socket in the conversation's room when it was sent) see it arrive and are
 * told nothing, not even of a mention: they are reading the conversation.
 */
export function messageEvents(
  message: SentMessage,
  conversationTitle: string,
  actorId: string,
  mentions: readonly string[],
  viewers: readonly string[],
): NotificationEventInput[] {
  const excerpt = excerptOf(message.content);
  const received: NotificationEventInput = {
    type: 'message_received',
    organizationId: message.organizationId,
    record: { type: 'conversation', id: message.conversationId },
    actorId,
    audience: { conversationParticipants: message.conversationId, except: [...viewers] },
    data: { title: conversationTitle, ...(excerpt && { excerpt }) },
  };
  return withMentions(received, mentions, 'conversation');
}
