import {
  type ConversationReadEvent,
  type ConversationRemovedEvent,
  type ConversationRoomPayload,
  type ConversationStatusEvent,
  type ConversationUpdatedEvent,
  MESSENGER_CLIENT_EVENTS,
  MESSENGER_EVENTS,
  type MessageUpdatedEvent,
  type MessengerErrorEvent,
  type NewMessageEvent,
  type TypingEvent,
  type TypingPayload,
} from './messenger.js';
import { NOTIFICATION_EVENTS } from './notifications.js';
import type { Role } from './roles.js';
import type { SESSION_EVENTS, SessionChangedEvent } from './scheduling.js';
import type { Message, SendMessageBody } from './schemas/messenger.js';
import type { NotificationItem } from './schemas/notifications.js';
import type { TicketStatus } from './tickets.js';
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

/** An event the server acknowledges: the client passes the function that receives the answer. */
type Acknowledged<Payload, Answer extends object = object> = (
  payload: Payload,
  ack: (answer: SocketAck<Answer>) => void,
) => void;
/** An event the client needs no answer to (the server still answers an acknowledgement if one is given). */
type Unanswered<Payload> = (payload: Payload) => void;

/**
 * The answer to joining a record's room (ticket:join, project:join): how long ago, at most, the room
 * last heard a change. A page reads again only what it read before then (docs/decisions/0219).
 */
export interface RoomJoined {
  changedMsAgo: number;
}

/** ticket:join / ticket:leave. */
export interface TicketRoomPayload {
  ticketId: string;
}
/** update_ticket_status: the same change as PATCH /api/tickets/{id}/status. */
export interface TicketStatusPayload {
  ticketId: string;
  status: TicketStatus;
}
/** project:join / project:leave. */
export interface ProjectRoomPayload {
  projectId: string;
}

/** Client → server. Each has a budget kind (SOCKET_EVENT_BUDGETS) where the server handles it. */
export interface ClientToServerEvents {
  [MESSENGER_CLIENT_EVENTS.join]: Acknowledged<ConversationRoomPayload>;
  [MESSENGER_CLIENT_EVENTS.leave]: Unanswered<ConversationRoomPayload>;
  [MESSENGER_CLIENT_EVENTS.sendMessage]: Acknowledged<SendMessageBody, { message: Message }>;
  [MESSENGER_CLIENT_EVENTS.typing]: Unanswered<TypingPayload>;
  [TICKET_CLIENT_EVENTS.join]: Acknowledged<TicketRoomPayload, RoomJoined>;
  [TICKET_CLIENT_EVENTS.leave]: Unanswered<TicketRoomPayload>;
  [TICKET_CLIENT_EVENTS.updateStatus]: Acknowledged<TicketStatusPayload>;
  [WORK_ROOM_EVENTS.join]: Acknowledged<ProjectRoomPayload, RoomJoined>;
  [WORK_ROOM_EVENTS.leave]: Unanswered<ProjectRoomPayload>;
}
export type ClientEventName = keyof ClientToServerEvents;
export type ClientEventPayload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];

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
  /** A session the user takes part in was booked, changed or cancelled. */
  [SESSION_EVENTS.changed]: Listener<SessionChangedEvent>;
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
