import { SESSION_EVENTS } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtime } from '@/features/realtime';
import { listen } from '@/lib/socket-events';
import { movedBySession } from './api';

/**
 * Keeps the sessions on screen current: the server tells the people of a session when it is
 * booked, moved, changed or cancelled (`session_changed` to their user rooms), and every session
 * query and free-slot list is refetched. Mounted once by the pages that show sessions.
 */
export function useLiveSessions() {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refresh = () =>
      void queryClient.invalidateQueries({ predicate: ({ queryKey }) => movedBySession(queryKey, true) });
    return listen(socket, { [SESSION_EVENTS.changed]: refresh }, refresh);
  }, [socket, queryClient]);
}
