import type { z } from 'zod';
import {
  type ConversationReadEvent,
  type ConversationRemovedEvent,
  type ConversationStatusEvent,
  type ConversationUpdatedEvent,
  MESSENGER_CLIENT_EVENTS,
  MESSENGER_EVENTS,
  type MessageUpdatedEvent,
  type MessengerErrorEvent,
  type NewMessageEvent,
  type TypingEvent,
} from './messenger.js';
import { NOTIFICATION_EVENTS } from './notifications.js';
import type { Role } from './roles.js';
import type { MEETING_EVENTS, MeetingChangedEvent } from './scheduling.js';
import { conversationRoomPayload, type Message, sendMessageBody, typingPayload } from './schemas/messenger.js';
import type { NotificationItem } from './schemas/notifications.js';
import { ticketRoomPayload, ticketStatusPayload } from './schemas/tickets.js';
import { projectRoomPayload } from './schemas/work.js';
import { TICKET_CLIENT_EVENTS, type TICKET_EVENTS, type TicketEventPayload } from './tickets.js';
import type { TIMER_EVENTS, TimerChangedEvent } from './time.js';
import { type WORK_EVENTS, WORK_ROOM_EVENTS, type WorkEventPayload } from './work.js';

/**
 * The live connection's events, typed once for both sides: the server is a
 * `Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>`, the web
 * app's socket a `Socket<ServerToClientEvents, ClientToServerEvents>`.
 */

/**
 * The request header naming the live connection of the tab that sends it (its socket.io id): a
 * change's live event is not sent back to that connection, whose page already shows the server's
 * answer ("one change, one round trip").
 */
export const LIVE_CONNECTION_HEADER = 'x-live-connection';

/** Every acknowledgement: the event's answer, or the refusal with the user's message. */
export type SocketAck<Answer extends object = object> = ({ ok: true } & Answer) | { ok: false; error: string };

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
 * The answer to joining a record's room (ticket:join, project:join): how long ago, at most, the room
 * last heard a change. A page reads again only what it read before then (docs/decisions/0219).
 */
export interface RoomJoined {
  changedMsAgo: number;
}

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

type Values<T> = T[keyof T];
type Listener<Payload> = (payload: Payload) => void;

/** Server → client: the messenger's events to user rooms, and the events of ticket and project rooms. */
export type ServerToClientEvents = {
  [MESSENGER_EVENTS.newMessage]: Listener<NewMessageEvent>;
  /** The same name for a conversation's status (messenger) and a ticket's (its room). */
  [MESSENGER_EVENTS.statusUpdated]: Listener<ConversationStatusEvent | TicketEventPayload>;
  [MESSENGER_EVENTS.typing]: Listener<TypingEvent>;
  [MESSENGER_EVENTS.conversationUpdated]: Listener<ConversationUpdatedEvent>;
  [MESSENGER_EVENTS.conversationRemoved]: Listener<ConversationRemovedEvent>;
  [MESSENGER_EVENTS.messageUpdated]: Listener<MessageUpdatedEvent>;
  [MESSENGER_EVENTS.conversationRead]: Listener<ConversationReadEvent>;
  [MESSENGER_EVENTS.error]: Listener<MessengerErrorEvent>;
  [NOTIFICATION_EVENTS.notification]: Listener<NotificationItem>;
  [NOTIFICATION_EVENTS.count]: Listener<{ unread: number }>;
  /** A meeting the user takes part in was booked, changed or cancelled. */
  [MEETING_EVENTS.changed]: Listener<MeetingChangedEvent>;
  /** One's timer started, stopped or was discarded on another tab or device. */
  [TIMER_EVENTS.changed]: Listener<TimerChangedEvent>;
} & Record<Exclude<Values<typeof TICKET_EVENTS>, typeof TICKET_EVENTS.statusUpdated>, Listener<TicketEventPayload>> &
  Record<Values<typeof WORK_EVENTS>, Listener<WorkEventPayload>>;
export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Between server processes (none: rooms travel through the Redis adapter). */
export type InterServerEvents = Record<string, never>;

/** Who a socket acts as: its session and the user's columns a request's actor has. */
export interface SocketSession {
  id: string;
  user: {
    id: string;
    email: string;
    role: Role;
    organizationId: string | null;
    departmentId: string | null;
    firstName: string;
    lastName: string;
  };
}

/** What the server keeps on each socket. */
export interface SocketData {
  session: SocketSession;
  /** The organizations whose rooms it joined at connect (none for platform reach). */
  organizationIds: string[];
  /** Each record room it joined (a ticket's, a conversation's) → the record's organization. */
  recordRooms: Record<string, string>;
}
