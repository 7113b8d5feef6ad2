import type { z } from 'zod';
import { MESSENGER_CLIENT_EVENTS } from './messenger.js';
import type { RoomJoined, SocketAck } from './realtime.js';
import { conversationRoomPayload, type Message, sendMessageBody, typingPayload } from './schemas/messenger.js';
import { ticketRoomPayload, ticketStatusPayload } from './schemas/tickets.js';
import { projectRoomPayload } from './schemas/work.js';
import { TICKET_CLIENT_EVENTS } from './tickets.js';
import { WORK_ROOM_EVENTS } from './work.js';

/*
 * The client's socket events with their payload schemas (docs/decisions/0240), apart from
 * realtime.ts: the schemas are values of the schema library, and realtime.ts's names and types are
 * loaded by every page of the web app, which must not load the schema library with them.
 */

/**
 * One client event as both sides know it: the schema the server parses its payload with (the
 * socket pipeline, apps/server/src/plugins/socket-events.ts) and what its acknowledgement answers
 * (`null`: none is needed, though the server answers one if given). The answer is a type only.
 */
export interface ClientEvent<Payload extends z.ZodType = z.ZodType, Answer extends object | null = object | null> {
  payload: Payload;
  /** Never set: carries the answer's type. */
  readonly answer?: Answer;
}
/** An event the server acknowledges with `{ ok: true } & Answer`: `acknowledged<Answer>()(schema)`. */
const acknowledged =
  <Answer extends object = object>() =>
  <Payload extends z.ZodType>(payload: Payload): ClientEvent<Payload, Answer> => ({ payload });
/** An event the client needs no answer to. */
const unanswered = <Payload extends z.ZodType>(payload: Payload): ClientEvent<Payload, null> => ({ payload });

/**
 * Client → server, declared once (docs/decisions/0240): each event's name, payload schema and answer.
 * Each has a budget kind (SOCKET_EVENT_BUDGETS) where the server handles it.
 */
export const clientEvents = {
  [MESSENGER_CLIENT_EVENTS.join]: acknowledged()(conversationRoomPayload),
  [MESSENGER_CLIENT_EVENTS.leave]: unanswered(conversationRoomPayload),
  [MESSENGER_CLIENT_EVENTS.sendMessage]: acknowledged<{ message: Message }>()(sendMessageBody),
  [MESSENGER_CLIENT_EVENTS.typing]: unanswered(typingPayload),
  [TICKET_CLIENT_EVENTS.join]: acknowledged<RoomJoined>()(ticketRoomPayload),
  [TICKET_CLIENT_EVENTS.leave]: unanswered(ticketRoomPayload),
  [TICKET_CLIENT_EVENTS.updateStatus]: acknowledged()(ticketStatusPayload),
  [WORK_ROOM_EVENTS.join]: acknowledged<RoomJoined>()(projectRoomPayload),
  [WORK_ROOM_EVENTS.leave]: unanswered(projectRoomPayload),
} as const satisfies Record<string, ClientEvent>;
type ClientEvents = typeof clientEvents;
export type ClientEventName = keyof ClientEvents;
/** A client event's payload as the client sends it. */
export type ClientEventPayload<E extends ClientEventName> = z.input<ClientEvents[E]['payload']>;
/** A client event's payload as the server's handler gets it (parsed: defaults filled in). */
export type ParsedClientEventPayload<E extends ClientEventName> = z.output<ClientEvents[E]['payload']>;
type AnswerOf<E extends ClientEventName> =
  ClientEvents[E] extends ClientEvent<z.ZodType, infer Answer> ? Answer : never;

/** The socket.io event map of the client's events, made from `clientEvents`. */
export type ClientToServerEvents = {
  [E in ClientEventName]: AnswerOf<E> extends object
    ? (payload: ClientEventPayload<E>, ack: (answer: SocketAck<AnswerOf<E>>) => void) => void
    : (payload: ClientEventPayload<E>) => void;
};
