import { SESSION_EVENTS } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from '@/features/realtime';
import { listen } from '@/lib/socket-events';
import { movedBySession } from './api';

/**
 * Keeps the sessions on screen current: the server tells the people of a session when it is
 * booked, moved, changed or cancelled (`session_changed` to their user rooms), and every session
 * query and free-slot list is refetched. So is everything once the connection comes up after the
 * page read its sessions (at first or after a loss): an event sent meanwhile reached no socket.
 * Mounted once by the pages that show sessions.
 */
export function useLiveSessions() {
  const { socket, connected } = useRealtime();
  const queryClient = useQueryClient();
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (!socket) return;
    const refresh = () =>
      void queryClient.invalidateQueries({ predicate: ({ queryKey }) => movedBySession(queryKey, true) });
    if (connected && !wasConnected.current) refresh();
    wasConnected.current = connected;
    return listen(socket, { [SESSION_EVENTS.changed]: refresh });
  }, [socket, connected, queryClient]);
}
