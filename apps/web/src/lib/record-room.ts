import {
  type ClientEventPayload,
  REALTIME_EVENTS,
  type ServerEventName,
  type ServerEventPayload,
  type TICKET_CLIENT_EVENTS,
  type WORK_ROOM_EVENTS,
} from '@smart/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readStartedAt } from './query-client';
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
  /** The queries the room's events keep fresh: caught up on after each join. */
  catchUp: QueryKey;
}

/**
 * Keeps the session's socket in a record's room while its page is open (a project's, a ticket's):
 * joined now and again after every reconnect, left when the page goes. Once the server has let the
 * socket in, the page catches up on what changed while it was loading or disconnected, before it
 * could hear about it: the join's answer says how long ago the room last changed, and only the
 * queries read before then are read again (docs/decisions/0219). A cold load, whose reads start
 * as the socket connects, reads its record once; a reconnect after a missed change reads again.
 * A gap the server names (REALTIME_EVENTS.catchUp: a Redis blip, which may also have lost the
 * room's last change) reads the queries again, all of them; the socket stayed in its room.
 */
export function useRecordRoom<Room extends RoomEvents, Event extends ServerEventName>(
  socket: AppSocket | null,
  { join, leave, payload, events, onEvent, catchUp }: RecordRoom<Room, Event>,
) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(payload);
  const catchUpKey = JSON.stringify(catchUp);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the payload and catchUp are compared by value (their keys)
  useEffect(() => {
    if (!socket || !payload) return;
    // One room's join and leave take the same payload ({ ticketId } or { projectId }).
    const room = socket as unknown as RoomSocket<ClientEventPayload<Room['join']>, Event>;
    const enter = () =>
      room.emit(join, payload, (answer) => {
        if (!answer.ok) return;
        // The room's last change, on this browser's clock: no earlier than the truth (the answer took time to come).
        const changedAt = Date.now() - (answer.changedMsAgo ?? 0);
        void queryClient.invalidateQueries({
          queryKey: catchUp,
          predicate: (query) => !((readStartedAt(query) ?? Number.NEGATIVE_INFINITY) > changedAt),
        });
      });
    const listeners = events.map(
      (event) => [event, (heard: ServerEventPayload<Event>) => onEvent(event, heard)] as const,
    );
    const readAgain = () => void queryClient.invalidateQueries({ queryKey: catchUp });
    if (socket.connected) enter();
    socket.on('connect', enter);
    socket.on(REALTIME_EVENTS.catchUp, readAgain);
    for (const [event, listener] of listeners) room.on(event, listener);
    return () => {
      socket.off('connect', enter);
      socket.off(REALTIME_EVENTS.catchUp, readAgain);
      for (const [event, listener] of listeners) room.off(event, listener);
      room.emit(leave, payload);
    };
  }, [socket, join, leave, key, events, onEvent, queryClient, catchUpKey]);
}

/** The socket as one room's events see it: TypeScript cannot pick a map entry by a generic key. */
interface RoomSocket<Payload, Event extends ServerEventName> {
  emit(event: string, payload: Payload, ack?: (answer: { ok: boolean; changedMsAgo?: number }) => void): void;
  on(event: Event, listener: (payload: ServerEventPayload<Event>) => void): void;
  off(event: Event, listener: (payload: ServerEventPayload<Event>) => void): void;
}
