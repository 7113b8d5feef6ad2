import type { NotificationEventInput } from '../../../lib/outbox.js';
import { mentionedEvents, notificationExcerpt } from '../../notifications/index.js';

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
 * told nothing, not even of a mention: they are reading the conversation. `mentioned`: the
 * participants it mentions (readableMentions), told of the mention instead of the message.
 */
export function messageEvents(
  message: SentMessage,
  conversationTitle: string,
  actorId: string,
  mentioned: string[],
  viewers: readonly string[],
): NotificationEventInput[] {
  const excerpt = notificationExcerpt(message.content);
  const base: Omit<NotificationEventInput, 'audience'> = {
    type: 'message_received',
    organizationId: message.organizationId,
    record: { type: 'conversation', id: message.conversationId },
    actorId,
    data: { title: conversationTitle, ...(excerpt && { excerpt }) },
  };
  const received: NotificationEventInput = {
    ...base,
    audience: { conversationParticipants: message.conversationId, except: [...viewers, ...mentioned] },
  };
  const mentions = mentionedEvents(base, 'conversation', mentioned).map((event) => ({
    ...event,
    audience: { ...event.audience, except: [...viewers] },
  }));
  return [received, ...mentions];
}
