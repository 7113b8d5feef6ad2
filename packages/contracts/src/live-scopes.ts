import { scopesAllow, type TokenResource, type TokenScope, type TokenScopes } from './api-tokens.js';
import type { ClientEventName } from './client-events.js';
import { MESSENGER_CLIENT_EVENTS, MESSENGER_EVENTS } from './messenger.js';
import { NOTIFICATION_EVENTS } from './notifications.js';
import { REALTIME_EVENTS, type ServerEventName } from './realtime.js';
import { MEETING_EVENTS } from './scheduling.js';
import { TICKET_CLIENT_EVENTS, TICKET_EVENTS } from './tickets.js';
import { TIMER_EVENTS } from './time.js';
import { WORK_EVENTS, WORK_ROOM_EVENTS } from './work.js';

/*
 * The live connection of an API token (decision 0280): a token's socket hears only the events its
 * read scopes cover, and sends only the events its scopes allow, as its HTTP requests do.
 */

/**
 * The scope a token's socket needs to hear each server event: `null` for the connection's own
 * (catch up, the refusal of its own event), `never` for what no token hears (notifications, like
 * their routes). `ticket_status_updated` is both a conversation's and a ticket's: serverEventScope.
 */
const SERVER_EVENT_SCOPES: Record<ServerEventName, TokenScope | 'never' | null> = {
  [MESSENGER_EVENTS.newMessage]: 'messages:read',
  [MESSENGER_EVENTS.statusUpdated]: 'messages:read',
  [MESSENGER_EVENTS.typing]: 'messages:read',
  [MESSENGER_EVENTS.conversationUpdated]: 'messages:read',
  [MESSENGER_EVENTS.conversationRemoved]: 'messages:read',
  [MESSENGER_EVENTS.messageUpdated]: 'messages:read',
  [MESSENGER_EVENTS.conversationRead]: 'messages:read',
  [MESSENGER_EVENTS.error]: null,
  [NOTIFICATION_EVENTS.notification]: 'never',
  [NOTIFICATION_EVENTS.count]: 'never',
  [MEETING_EVENTS.changed]: 'sessions:read',
  [TIMER_EVENTS.changed]: 'time_entries:read',
  [REALTIME_EVENTS.catchUp]: null,
  [TICKET_EVENTS.assigned]: 'tickets:read',
  [TICKET_EVENTS.commentAdded]: 'tickets:read',
  [TICKET_EVENTS.changed]: 'tickets:read',
  [WORK_EVENTS.projectChanged]: 'projects:read',
  [WORK_EVENTS.objectiveChanged]: 'projects:read',
  [WORK_EVENTS.taskChanged]: 'projects:read',
  [WORK_EVENTS.taskDeleted]: 'projects:read',
  [WORK_EVENTS.commentAdded]: 'projects:read',
  [WORK_EVENTS.attachmentsChanged]: 'projects:read',
};

/** The resources whose events a socket can hear: a token with read access to none of them is refused at the handshake. */
export const LIVE_RESOURCES: readonly TokenResource[] = [
  ...new Set(
    Object.values(SERVER_EVENT_SCOPES).flatMap((scope) =>
      scope && scope !== 'never' ? [scope.split(':')[0] as TokenResource] : [],
    ),
  ),
];

/** Whether a token's scopes let its socket hear this event (an event not listed: never). */
export function tokenHearsEvent(scopes: TokenScopes, event: string, payload: unknown): boolean {
  if (!Object.hasOwn(SERVER_EVENT_SCOPES, event)) return false;
  let scope = SERVER_EVENT_SCOPES[event as ServerEventName];
  if (event === TICKET_EVENTS.statusUpdated && typeof payload === 'object' && payload && 'ticketId' in payload) {
    scope = 'tickets:read';
  }
  return scope === null || (scope !== 'never' && scopesAllow(scopes, scope));
}

/** Whether a token's socket may connect at all: it can hear something. */
export const tokenMayListen = (scopes: TokenScopes): boolean =>
  LIVE_RESOURCES.some((resource) => scopesAllow(scopes, `${resource}:read`));

/** The scope a token's socket needs to send each client event (`null`: any, leaving a room). */
export const CLIENT_EVENT_SCOPES: Record<ClientEventName, TokenScope | null> = {
  [MESSENGER_CLIENT_EVENTS.join]: 'messages:read',
  [MESSENGER_CLIENT_EVENTS.leave]: null,
  [MESSENGER_CLIENT_EVENTS.sendMessage]: 'messages:write',
  [MESSENGER_CLIENT_EVENTS.typing]: 'messages:write',
  [TICKET_CLIENT_EVENTS.join]: 'tickets:read',
  [TICKET_CLIENT_EVENTS.leave]: null,
  [TICKET_CLIENT_EVENTS.updateStatus]: 'tickets:write',
  [WORK_ROOM_EVENTS.join]: 'projects:read',
  [WORK_ROOM_EVENTS.leave]: null,
};
