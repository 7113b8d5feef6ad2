import { MESSENGER_CLIENT_EVENTS, UI_TEXT } from '@smart/contracts';
import { socketEvent } from '../../../plugins/socket-events.js';
import { announceNewMessage, conversationViewers, tellMessengerRefusal } from '../conversations/live.js';
import { presentMessage } from './presenter.js';
import { sendMessage } from './service.js';

/**
 * send_message: the same validation, rules and storage as POST /api/messages (routes.ts), through
 * the socket pipeline (plugins/socket-events.ts); the acknowledgement carries the stored message.
 * A repeat (the same clientMessageId) answers the stored message and is not announced again.
 */
const sendMessageEvent = socketEvent({
  event: MESSENGER_CLIENT_EVENTS.sendMessage,
  kind: 'write',
  failure: UI_TEXT.sendMessageFailed,
  onRefused: tellMessengerRefusal(MESSENGER_CLIENT_EVENTS.sendMessage),
  async handle({ app, session }, body) {
    const viewers = await conversationViewers(app, body.conversationId);
    const { record, recipients, repeated } = await sendMessage(app.db, session.user, body, viewers);
    const message = presentMessage(record);
    if (!repeated) announceNewMessage(app, message, recipients);
    return { ok: true, message };
  },
});

export const messageSocketEvents = [sendMessageEvent];
