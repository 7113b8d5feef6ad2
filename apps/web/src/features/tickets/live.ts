import { TICKET_CLIENT_EVENTS, TICKET_EVENTS } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtime } from '@/features/realtime';
import { ticketQueries } from './api';

/**
 * While a ticket's page is open its socket sits in the ticket's room (the server lets it in only
 * after the same read check as GET /api/tickets/{id}); a status change, assignment, comment or
 * edit by someone else refreshes the ticket and the lists without reloading. A reconnect joins again.
 */
export function useTicketRoom(ticketId: string) {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit(TICKET_CLIENT_EVENTS.join, { ticketId });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ticketQueries.all() });
    const events = Object.values(TICKET_EVENTS);

    if (socket.connected) join();
    socket.on('connect', join);
    for (const event of events) socket.on(event, refresh);
    return () => {
      socket.off('connect', join);
      for (const event of events) socket.off(event, refresh);
      socket.emit(TICKET_CLIENT_EVENTS.leave, { ticketId });
    };
  }, [socket, ticketId, queryClient]);
}
