import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';

interface RecordRoom {
  /** Client events that enter and leave the room (the server checks the reader first). */
  join: string;
  leave: string;
  /** What names the room, e.g. { ticketId }; null while it is not known. */
  payload: Readonly<Record<string, string>> | null;
  /** Server events heard in the room; each calls onEvent. */
  events: readonly string[];
  onEvent: () => void;
}

/**
 * Keeps the session's socket in a record's room while its page is open (a project's, a ticket's):
 * joined now and again after every reconnect, left when the page goes. Once the server has let the
 * socket in, the page refreshes: whatever changed while it was loading or disconnected, before it
 * could hear about it, is caught up.
 */
export function useRecordRoom(socket: Socket | null, { join, leave, payload, events, onEvent }: RecordRoom) {
  const key = JSON.stringify(payload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the payload is compared by value (its key)
  useEffect(() => {
    if (!socket || !payload) return;
    const enter = () =>
      socket.emit(join, payload, (answer: { ok?: boolean } | undefined) => {
        if (answer?.ok) onEvent();
      });
    if (socket.connected) enter();
    socket.on('connect', enter);
    for (const event of events) socket.on(event, onEvent);
    return () => {
      socket.off('connect', enter);
      for (const event of events) socket.off(event, onEvent);
      socket.emit(leave, payload);
    };
  }, [socket, join, leave, key, events, onEvent]);
}
