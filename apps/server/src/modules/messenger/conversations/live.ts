import {
  type ConversationStatus,
  idSchema,
  MESSENGER_EVENTS,
  type Message,
  type MessengerErrorEvent,
  type ServerEventName,
  type ServerToClientEvents,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type AppSocket, inRoomEverywhere, userRoom } from '../../../plugins/realtime.js';
import { presentMessage } from '../messages/presenter.js';
import { loadMessage } from '../messages/service.js';
import { recipientsOf } from './participants.js';

/**
 * The messenger's live connection (ARCHITECTURE.md, "Messenger").
 * A conversation's events go to its participants' user rooms, resolved at each send, so lists and
 * unread counts follow even for conversations not open, and someone who lost access hears nothing
 * more. A socket joins a conversation's room (after the read check) for the typing indicator.
 * The client events are handled in conversations/socket.ts and messages/socket.ts.
 */
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;

const namedConversation = z.object({ conversationId: idSchema });

/**
 * A refused messenger event is also told through messenger_error (with the conversation it named,
 * when it named one), which a client that sent no acknowledgement (typing) hears.
 */
export const tellMessengerRefusal =
  (event: MessengerErrorEvent['event']) => (socket: AppSocket, payload: unknown, error: string) => {
    const conversationId = namedConversation.safeParse(payload).data?.conversationId ?? null;
    socket.emit(MESSENGER_EVENTS.error, { event, conversationId, error });
  };

/** Sends an event to the sockets of these users, on every server process (one broadcast, each socket once). */
export function tellUsers<E extends ServerEventName>(
  app: FastifyInstance,
  userIds: readonly string[],
  event: E,
  ...payload: Parameters<ServerToClientEvents[E]>
) {
  if (userIds.length > 0) app.io.to(userIds.map(userRoom)).emit(event, ...payload);
}

/**
 * The people viewing the conversation now: those with a socket in its room, on every process (the
 * Redis adapter asks the others). Not notified of a message they watch arrive. When a process does
 * not answer, nobody counts as viewing: a notification too many beats one lost.
 */
export async function conversationViewers(app: FastifyInstance, conversationId: string): Promise<string[]> {
  try {
    const sockets = await app.io.in(conversationRoom(conversationId)).fetchSockets();
    return [...new Set(sockets.map((socket) => socket.data.session.user.id))];
  } catch (error) {
    app.log.warn({ err: error }, 'the viewers of a conversation are unknown: every participant is notified');
    return [];
  }
}

/** new_message: to every participant's sockets, after the message committed. */
export function announceNewMessage(app: FastifyInstance, message: Message, recipients: readonly string[]) {
  tellUsers(app, recipients, MESSENGER_EVENTS.newMessage, { conversationId: message.conversationId, message });
}

/** ticket_status_updated for a conversation whose status changed. */
export function announceConversationStatus(
  app: FastifyInstance,
  conversation: { id: string; status: ConversationStatus },
  actorId: string,
  recipients: readonly string[],
) {
  tellUsers(app, recipients, MESSENGER_EVENTS.statusUpdated, {
    conversationId: conversation.id,
    status: conversation.status,
    actorId,
  });
}

/**
 * People removed from a conversation: their sockets, on every process, leave its room and are
 * told to drop it; its next events are resolved without them.
 */
export function dropFromConversation(app: FastifyInstance, conversationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  const rooms = userIds.map(userRoom);
  for (const sockets of inRoomEverywhere(app, rooms)) sockets.socketsLeave(conversationRoom(conversationId));
  app.io.to(rooms).emit(MESSENGER_EVENTS.conversationRemoved, { conversationId });
}

/** message_updated: a message changed (turned into a ticket), to its conversation's participants. */
export async function announceMessageUpdated(app: FastifyInstance, messageId: string) {
  const record = await loadMessage(app.db, messageId);
  const { conversationId, organizationId } = record.message;
  const recipients = await recipientsOf(app.db, { id: conversationId, organizationId });
  tellUsers(app, recipients, MESSENGER_EVENTS.messageUpdated, { conversationId, message: presentMessage(record) });
}
