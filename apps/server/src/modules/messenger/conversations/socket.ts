import { MESSENGER_CLIENT_EVENTS, MESSENGER_EVENTS, UI_TEXT } from '@smart/contracts';
import { notFound } from '../../../lib/errors.js';
import { joinRoomEvent, joinsSettled, leaveRoomEvent, socketEvent } from '../../../plugins/socket-events.js';
import { conversationRoom, tellMessengerRefusal } from './live.js';
import { participation } from './records.js';

/**
 * The messenger's room events, through the socket pipeline (plugins/socket-events.ts);
 * their payloads' schemas are the contracts' clientEvents.
 */

/** Joins the conversation's room (typing is heard there) after the same read check as GET /api/conversations/{id}. */
const joinConversation = joinRoomEvent(
  MESSENGER_CLIENT_EVENTS.join,
  UI_TEXT.conversationNotFound,
  async ({ app, session }, { conversationId }) => {
    const conversation = await participation(app.db, session.user, conversationId);
    return conversation
      ? { room: conversationRoom(conversation.id), organizationId: conversation.organizationId }
      : null;
  },
  tellMessengerRefusal(MESSENGER_CLIENT_EVENTS.join),
);

const leaveConversation = leaveRoomEvent(
  MESSENGER_CLIENT_EVENTS.leave,
  ({ conversationId }) => conversationRoom(conversationId),
  UI_TEXT.conversationNotFound,
);

/** Not stored; only to the others in a room this socket joined (so after the read check). */
const typing = socketEvent({
  event: MESSENGER_CLIENT_EVENTS.typing,
  kind: 'typing',
  invalidPayload: UI_TEXT.conversationNotFound,
  overBudget: UI_TEXT.typingTooFast,
  failure: UI_TEXT.conversationNotFound,
  onRefused: tellMessengerRefusal(MESSENGER_CLIENT_EVENTS.typing),
  async handle({ socket, session }, { conversationId, isTyping }) {
    const room = conversationRoom(conversationId);
    await joinsSettled(socket);
    if (!socket.rooms.has(room)) throw notFound(UI_TEXT.conversationNotFound);
    const { id, firstName, lastName } = session.user;
    socket.to(room).emit(MESSENGER_EVENTS.typing, { conversationId, isTyping, user: { id, firstName, lastName } });
    return { ok: true };
  },
});

export const conversationSocketEvents = [joinConversation, leaveConversation, typing];
