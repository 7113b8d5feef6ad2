import type { ClientEventPayload, ServerEventName, TICKET_CLIENT_EVENTS, WORK_ROOM_EVENTS } from '@smart/contracts';
import { useEffect } from 'react';
import type { AppSocket } from './socket-events';

/** The record rooms a page may sit in, each with its join and leave events. */
type RoomEvents = typeof TICKET_CLIENT_EVENTS | typeof WORK_ROOM_EVENTS;

interface RecordRoom<Room extends RoomEvents> {
  /** Client events that enter and leave the room (the server checks the reader first). */
  join: Room['join'];
  leave: Room['leave'];
  /** What names the room, e.g. { ticketId }; null while it is not known. */
  payload: ClientEventPayload<Room['join']> | null;
  /** Server events heard in the room; each calls onEvent. */
  events: readonly ServerEventName[];
  onEvent: () => void;
}

/**
 * Keeps the session's socket in a record's room while its page is open (a project's, a ticket's):
 * joined now and again after every reconnect, left when the page goes. Once the server has let the
 * socket in, the page refreshes: whatever changed while it was loading or disconnected, before it
 * could hear about it, is caught up.
 */
export function useRecordRoom<Room extends RoomEvents>(
  socket: AppSocket | null,
  { join, leave, payload, events, onEvent }: RecordRoom<Room>,
) {
  const key = JSON.stringify(payload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the payload is compared by value (its key)
  useEffect(() => {
    if (!socket || !payload) return;
    // One room's join and leave take the same payload ({ ticketId } or { projectId }).
    const room = socket as unknown as RoomSocket<ClientEventPayload<Room['join']>>;
    const enter = () =>
      room.emit(join, payload, (answer) => {
        if (answer.ok) onEvent();
      });
    if (socket.connected) enter();
    socket.on('connect', enter);
    for (const event of events) socket.on(event, onEvent);
    return () => {
      socket.off('connect', enter);
      for (const event of events) socket.off(event, onEvent);
      room.emit(leave, payload);
    };
  }, [socket, join, leave, key, events, onEvent]);
}

/** The socket as one room's events see it: TypeScript cannot pick a map entry by a generic key. */
interface RoomSocket<Payload> {
  emit(event: string, payload: Payload, ack?: (answer: { ok: boolean }) => void): void;
}
