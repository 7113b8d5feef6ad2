import type { Socket } from 'socket.io-client';

// biome-ignore lint/suspicious/noExplicitAny: each handler takes its own event's payload
type Handler = (...args: any[]) => void;

/**
 * Listens to several of the socket's events at once (and, given `onReconnect`, to the connection
 * coming back after a loss) and answers the function that stops: an effect returns it as its
 * cleanup, so no handler outlives the component that added it.
 */
export function listen(socket: Socket, handlers: Readonly<Record<string, Handler>>, onReconnect?: () => void) {
  const entries = Object.entries(handlers);
  for (const [event, handler] of entries) socket.on(event, handler);
  if (onReconnect) socket.io.on('reconnect', onReconnect);
  return () => {
    for (const [event, handler] of entries) socket.off(event, handler);
    if (onReconnect) socket.io.off('reconnect', onReconnect);
  };
}
