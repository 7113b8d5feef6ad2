import type { TokenScopes } from './api-tokens.js';
import {
  type ConversationReadEvent,
  type ConversationRemovedEvent,
  type ConversationStatusEvent,
  type ConversationUpdatedEvent,
  MESSENGER_EVENTS,
  type MessageUpdatedEvent,
  type MessengerErrorEvent,
  type NewMessageEvent,
  type TypingEvent,
} from './messenger.js';
import { NOTIFICATION_EVENTS } from './notifications.js';
import type { Role } from './roles.js';
import type { MEETING_EVENTS, MeetingChangedEvent } from './scheduling.js';
import type { NotificationItem } from './schemas/notifications.js';
import type { TICKET_EVENTS, TicketEventPayload } from './tickets.js';
import type { TIMER_EVENTS, TimerChangedEvent } from './time.js';
import type { WORK_EVENTS, WorkEventPayload } from './work.js';

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

/**
 * The server's own events about the connection itself. `catchUp`: events may have been lost while
 * the connection stayed open (a Redis blip cut the fan-out between processes), so the client reads
 * again what it would read after a reconnect (decision 0273).
 */
export const REALTIME_EVENTS = { catchUp: 'catch_up' } as const;

/** Every acknowledgement: the event's answer, or the refusal with the user's message. */
export type SocketAck<Answer extends object = object> = ({ ok: true } & Answer) | { ok: false; error: string };

/**
 * The answer to joining a record's room (ticket:join, project:join): how long ago, at most, the room
 * last heard a change. A page reads again only what it read before then (docs/decisions/0219).
 */
export interface RoomJoined {
  changedMsAgo: number;
}

/** The socket.io event map of the client's events, made from `clientEvents` (client-events.ts: its schemas are values, which this file, loaded by every page, must not hold). */
export type { ClientToServerEvents } from './client-events.js';

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
  [REALTIME_EVENTS.catchUp]: () => void;
} & Record<Exclude<Values<typeof TICKET_EVENTS>, typeof TICKET_EVENTS.statusUpdated>, Listener<TicketEventPayload>> &
  Record<Values<typeof WORK_EVENTS>, Listener<WorkEventPayload>>;
export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Between server processes (none: rooms travel through the Redis adapter). */
export type InterServerEvents = Record<string, never>;

/** Who a socket acts as: its session and the user's columns a request's actor has. */
export interface SocketSession {
  id: string;
  /** An API token's socket: what it may hear and send (live-scopes.ts); null for a sign-in's. */
  apiToken: { scopes: TokenScopes } | null;
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
