import { type ClientToServerEvents, REALTIME_EVENTS, type ServerToClientEvents } from '@smart/contracts';
import type { Socket } from 'socket.io-client';

/** The session's socket, typed by the contracts' event maps (what it hears, what it may send). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Handlers of some of the server's events, each taking its own event's payload. */
export type ServerEventHandlers = Partial<ServerToClientEvents>;

/**
 * Listens to several of the socket's events at once (and, given `onReconnect`, to the connection
 * coming back after a loss, or the server saying events were lost: `afterGap`) and answers the
 * function that stops: an effect returns it as its cleanup, so no handler outlives the component
 * that added it.
 */
export function listen(socket: AppSocket, handlers: ServerEventHandlers, onReconnect?: () => void) {
  const entries = Object.entries(handlers) as [
    keyof ServerToClientEvents,
    ServerToClientEvents[keyof ServerToClientEvents],
  ][];
  for (const [event, handler] of entries) socket.on(event, handler);
  const stopGaps = onReconnect ? afterGap(socket, onReconnect) : undefined;
  return () => {
    for (const [event, handler] of entries) socket.off(event, handler);
    stopGaps?.();
  };
}

/**
 * Runs `catchUp` after each gap in what the socket heard: the connection came back after a loss,
 * or the server said events may have been lost while it stayed open (`REALTIME_EVENTS.catchUp`,
 * a Redis blip between server processes, decision 0273). Answers the function that stops.
 */
export function afterGap(socket: AppSocket, catchUp: () => void) {
  socket.io.on('reconnect', catchUp);
  socket.on(REALTIME_EVENTS.catchUp, catchUp);
  return () => {
    socket.io.off('reconnect', catchUp);
    socket.off(REALTIME_EVENTS.catchUp, catchUp);
  };
}

/** Runs `enter` on each connection (the first, and every reconnect) and after each gap the server names. */
export function onEveryConnection(socket: AppSocket, enter: () => void) {
  socket.on('connect', enter);
  socket.on(REALTIME_EVENTS.catchUp, enter);
  return () => {
    socket.off('connect', enter);
    socket.off(REALTIME_EVENTS.catchUp, enter);
  };
}
