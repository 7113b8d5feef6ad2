import { TICKET_CLIENT_EVENTS, TICKET_EVENTS } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtime } from '@/features/realtime';
import { useRecordRoom } from '@/lib/record-room';
import { ticketQueries } from './queries';

const EVENTS = Object.values(TICKET_EVENTS);

/**
 * While a ticket's page is open its socket sits in the ticket's room (the server lets it in only
 * after the same read check as GET /api/tickets/{id}); a status change, assignment, comment or
 * edit by someone else refreshes the ticket and the lists without reloading.
 */
export function useTicketRoom(ticketId: string) {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ticketQueries.all() }),
    [queryClient],
  );
  useRecordRoom(socket, {
    join: TICKET_CLIENT_EVENTS.join,
    leave: TICKET_CLIENT_EVENTS.leave,
    payload: { ticketId },
    events: EVENTS,
    onEvent: refresh,
    catchUp: ticketQueries.all(),
  });
}
