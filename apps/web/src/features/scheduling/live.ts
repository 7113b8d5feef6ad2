import { MEETING_EVENTS } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from '@/features/realtime';
import { listen } from '@/lib/socket-events';
import { movedByMeeting } from './api';

/**
 * Keeps the meetings on screen current: the server tells the people of a meeting when it is
 * booked, moved, changed or cancelled (`session_changed` to their user rooms), and every meeting
 * query and free-slot list is refetched. So is everything once the connection comes up after the
 * page read its meetings (at first or after a loss): an event sent meanwhile reached no socket.
 * Mounted once by the pages that show meetings.
 */
export function useLiveMeetings() {
  const { socket, connected } = useRealtime();
  const queryClient = useQueryClient();
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (!socket) return;
    const refresh = () =>
      void queryClient.invalidateQueries({ predicate: ({ queryKey }) => movedByMeeting(queryKey, true) });
    if (connected && !wasConnected.current) refresh();
    wasConnected.current = connected;
    return listen(socket, { [MEETING_EVENTS.changed]: refresh });
  }, [socket, connected, queryClient]);
}
