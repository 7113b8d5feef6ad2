import type { NotificationEventInput } from '../../../lib/outbox.js';
import type { NotificationRules } from '../../notifications/index.js';
import { mentionedEvents } from '../../notifications/index.js';

/*
 * A message's notifications (README, "Notifications", team messages): the conversation's
 * participants who are not viewing it now, and the people it @mentions (told of the mention instead).
 */

export const messageNotificationRules: NotificationRules<'message.sent'> = {
  /**
   * Viewers (people with a socket in the conversation's room when it was sent) see it arrive and are
   * told nothing, not even of a mention: they are reading the conversation. The mentioned
   * participants (readableMentions) are told of the mention instead of the message.
   */
  'message.sent': (event) => {
    const { conversationId, conversationTitle, excerpt, mentionedIds, viewerIds } = event.payload;
    const base: Omit<NotificationEventInput, 'audience'> = {
      type: 'message_received',
      organizationId: event.organizationId,
      record: { type: 'conversation', id: conversationId },
      actorId: event.actorId,
      data: { title: conversationTitle, ...(excerpt && { excerpt }) },
    };
    const received: NotificationEventInput = {
      ...base,
      audience: { conversationParticipants: conversationId, except: [...viewerIds, ...mentionedIds] },
    };
    const mentions = mentionedEvents(base, 'conversation', mentionedIds).map((mention) => ({
      ...mention,
      audience: { ...mention.audience, except: [...viewerIds] },
    }));
    return [received, ...mentions];
  },
};
