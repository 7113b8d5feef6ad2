import {
  type ConversationStatus,
  idSchema,
  MESSAGES,
  MESSENGER_CLIENT_EVENTS,
  MESSENGER_EVENTS,
  type Message,
  type MessengerAck,
  type MessengerErrorEvent,
  type SendMessageAck,
  sendMessageBody,
  TYPING_RATE_LIMIT,
  TYPING_RATE_WINDOW_MS,
  type TypingEvent,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { containsNul } from '../../lib/request-validation.js';
import type { Session } from '../../plugins/auth.js';
import { inRoomEverywhere, joinRecordRoom, leaveRecordRoom, userRoom } from '../../plugins/realtime.js';
import { presentMessage } from '../messages/presenter.js';
import { loadMessage, sendMessage } from '../messages/service.js';
import { recipientsOf } from './participants.js';
import { participation } from './records.js';

/**
 * The messenger's live connection (second document, section 4; design.md, "Realtime rooms").
 * A conversation's events go to its participants' user rooms, resolved at each send, so lists and
 * unread counts follow even for conversations not open, and someone who lost access hears nothing
 * more. A socket joins a conversation's room (after the read check) for the typing indicator.
 */
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;

const roomPayload = z.object({ conversationId: idSchema });
const typingPayload = z.object({ conversationId: idSchema, isTyping: z.boolean() });

type ClientEvent = MessengerErrorEvent['event'];

/** The reason for a refusal: the service's message, a body's first problem, or 'Conversation not found'. */
function refusalOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof z.ZodError) return error.issues[0]?.message ?? MESSAGES.sendMessageFailed;
  return MESSAGES.sendMessageFailed;
}

/** At most TYPING_RATE_LIMIT typing events per window and socket; the rest are dropped. */
function typingLimiter() {
  let windowStart = 0;
  let count = 0;
  return (now: number) => {
    if (now - windowStart >= TYPING_RATE_WINDOW_MS) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    return count <= TYPING_RATE_LIMIT;
  };
}

export const conversationRoomsPlugin = fp(async (app: FastifyInstance) => {
  app.io.on('connection', (socket) => {
    const session = socket.data.session as Session;
    const allowTyping = typingLimiter();
    /** Answers the client's ack, and tells it through messenger_error when refused. */
    const refuse = (event: ClientEvent, conversationId: string | null, error: string, ack?: unknown) => {
      socket.emit(MESSENGER_EVENTS.error, { event, conversationId, error } satisfies MessengerErrorEvent);
      if (typeof ack === 'function') ack({ ok: false, error });
    };
    const idOf = (payload: unknown) => roomPayload.safeParse(payload).data?.conversationId ?? null;

    socket.on(MESSENGER_CLIENT_EVENTS.join, async (payload: unknown, ack?: unknown) => {
      const conversationId = idOf(payload);
      const conversation = conversationId
        ? await participation(app.db, session.user, conversationId).catch((error: unknown) => {
            app.log.error({ err: error }, 'join_conversation');
            return undefined;
          })
        : undefined;
      if (!conversation)
        return refuse(MESSENGER_CLIENT_EVENTS.join, conversationId, MESSAGES.conversationNotFound, ack);
      await joinRecordRoom(socket, conversationRoom(conversation.id), conversation.organizationId);
      if (typeof ack === 'function') ack({ ok: true } satisfies MessengerAck);
    });

    socket.on(MESSENGER_CLIENT_EVENTS.leave, async (payload: unknown) => {
      const conversationId = idOf(payload);
      if (conversationId) await leaveRecordRoom(socket, conversationRoom(conversationId));
    });

    // The same validation, rules and storage as POST /api/messages.
    socket.on(MESSENGER_CLIENT_EVENTS.sendMessage, async (payload: unknown, ack?: unknown) => {
      const conversationId = idOf(payload);
      try {
        if (containsNul(payload)) throw new AppError('BAD_REQUEST', MESSAGES.nulCharacter);
        const { record, recipients } = await sendMessage(app.db, session.user, sendMessageBody.parse(payload));
        const message = presentMessage(record);
        announceNewMessage(app, message, recipients);
        if (typeof ack === 'function') ack({ ok: true, message } satisfies SendMessageAck);
      } catch (error) {
        if (!(error instanceof AppError || error instanceof z.ZodError)) app.log.error({ err: error }, 'send_message');
        refuse(MESSENGER_CLIENT_EVENTS.sendMessage, conversationId, refusalOf(error), ack);
      }
    });

    // Not stored; only to the others in a room this socket joined (so after the read check).
    socket.on(MESSENGER_CLIENT_EVENTS.typing, (payload: unknown, ack?: unknown) => {
      const parsed = typingPayload.safeParse(payload);
      const conversationId = parsed.data?.conversationId ?? idOf(payload);
      const room = parsed.success ? conversationRoom(parsed.data.conversationId) : null;
      if (!parsed.success || !room || !socket.rooms.has(room)) {
        return refuse(MESSENGER_CLIENT_EVENTS.typing, conversationId, MESSAGES.conversationNotFound, ack);
      }
      if (!allowTyping(Date.now()))
        return refuse(MESSENGER_CLIENT_EVENTS.typing, conversationId, MESSAGES.typingTooFast, ack);
      const { id, firstName, lastName } = session.user;
      const event: TypingEvent = {
        conversationId: parsed.data.conversationId,
        isTyping: parsed.data.isTyping,
        user: { id, firstName, lastName },
      };
      socket.to(room).emit(MESSENGER_EVENTS.typing, event);
      if (typeof ack === 'function') ack({ ok: true } satisfies MessengerAck);
    });
  });
});

/** Sends an event to the sockets of these users, on every server process (one broadcast, each socket once). */
export function tellUsers(app: FastifyInstance, userIds: readonly string[], event: string, payload: unknown) {
  if (userIds.length > 0) app.io.to(userIds.map(userRoom)).emit(event, payload);
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
