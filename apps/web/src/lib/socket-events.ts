import type { ClientToServerEvents, ServerToClientEvents } from '@smart/contracts';
import type { Socket } from 'socket.io-client';

/** The session's socket, typed by the contracts' event maps (what it hears, what it may send). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Handlers of some of the server's events, each taking its own event's payload. */
export type ServerEventHandlers = Partial<ServerToClientEvents>;

/**
 * Listens to several of the socket's events at once (and, given `onReconnect`, to the connection
 * coming back after a loss) and answers the function that stops: an effect returns it as its
 * cleanup, so no handler outlives the component that added it.
 */
export function listen(socket: AppSocket, handlers: ServerEventHandlers, onReconnect?: () => void) {
  const entries = Object.entries(handlers) as [
    keyof ServerToClientEvents,
    ServerToClientEvents[keyof ServerToClientEvents],
  ][];
  for (const [event, handler] of entries) socket.on(event, handler);
  if (onReconnect) socket.io.on('reconnect', onReconnect);
  return () => {
    for (const [event, handler] of entries) socket.off(event, handler);
    if (onReconnect) socket.io.off('reconnect', onReconnect);
  };
}
