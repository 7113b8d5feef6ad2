import type {
  ClientEventPayload,
  ServerEventName,
  ServerEventPayload,
  TICKET_CLIENT_EVENTS,
  WORK_ROOM_EVENTS,
} from '@smart/contracts';
import { useEffect } from 'react';
import type { AppSocket } from './socket-events';

/** The record rooms a page may sit in, each with its join and leave events. */
type RoomEvents = typeof TICKET_CLIENT_EVENTS | typeof WORK_ROOM_EVENTS;

interface RecordRoom<Room extends RoomEvents, Event extends ServerEventName> {
  /** Client events that enter and leave the room (the server checks the reader first). */
  join: Room['join'];
  leave: Room['leave'];
  /** What names the room, e.g. { ticketId }; null while it is not known. */
  payload: ClientEventPayload<Room['join']> | null;
  /** Server events heard in the room; each calls onEvent with its name and payload. */
  events: readonly Event[];
  onEvent: (event: Event, payload: ServerEventPayload<Event>) => void;
  /** Once the server has let the socket in: catch up on what changed before it could hear. */
  onJoined: () => void;
}

/**
 * Keeps the session's socket in a record's room while its page is open (a project's, a ticket's):
 * joined now and again after every reconnect, left when the page goes. Once the server has let the
 * socket in, the page refreshes: whatever changed while it was loading or disconnected, before it
 * could hear about it, is caught up.
 */
export function useRecordRoom<Room extends RoomEvents, Event extends ServerEventName>(
  socket: AppSocket | null,
  { join, leave, payload, events, onEvent, onJoined }: RecordRoom<Room, Event>,
) {
  const key = JSON.stringify(payload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the payload is compared by value (its key)
  useEffect(() => {
    if (!socket || !payload) return;
    // One room's join and leave take the same payload ({ ticketId } or { projectId }).
    const room = socket as unknown as RoomSocket<ClientEventPayload<Room['join']>, Event>;
    const enter = () =>
      room.emit(join, payload, (answer) => {
        if (answer.ok) onJoined();
      });
    const listeners = events.map(
      (event) => [event, (heard: ServerEventPayload<Event>) => onEvent(event, heard)] as const,
    );
    if (socket.connected) enter();
    socket.on('connect', enter);
    for (const [event, listener] of listeners) room.on(event, listener);
    return () => {
      socket.off('connect', enter);
      for (const [event, listener] of listeners) room.off(event, listener);
      room.emit(leave, payload);
    };
  }, [socket, join, leave, key, events, onEvent, onJoined]);
}

/** The socket as one room's events see it: TypeScript cannot pick a map entry by a generic key. */
interface RoomSocket<Payload, Event extends ServerEventName> {
  emit(event: string, payload: Payload, ack?: (answer: { ok: boolean }) => void): void;
  on(event: Event, listener: (payload: ServerEventPayload<Event>) => void): void;
  off(event: Event, listener: (payload: ServerEventPayload<Event>) => void): void;
}
