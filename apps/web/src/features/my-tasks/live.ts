import { WORK_EVENTS, type WorkEventPayload } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from '@/features/realtime';
import { listen } from '@/lib/socket-events';
import { changeOfWorkEvent, refreshAfter, type WorkEvent } from '@/lib/work-changes';
import { workKeys } from '@/lib/work-keys';

/**
 * Keeps My Tasks (list and board) current while it is open: the server tells a task's assignee
 * (before and after a reassignment) and its creator of each change and deletion in their user
 * rooms, so someone else's move, edit or hand-over shows without a reload and no room is joined per
 * task. Its own changes are not sent back (their answers are in the cache). Everything is read
 * again once the connection comes up after the page read its tasks: an event sent meanwhile reached
 * no socket.
 */
export function useLiveMyTasks() {
  const { socket, connected } = useRealtime();
  const queryClient = useQueryClient();
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (!socket) return;
    if (connected && !wasConnected.current) void queryClient.invalidateQueries({ queryKey: workKeys.myTasks() });
    wasConnected.current = connected;
    const refresh = (event: WorkEvent) => (payload: WorkEventPayload) =>
      void refreshAfter(queryClient, changeOfWorkEvent(event, payload));
    return listen(socket, {
      [WORK_EVENTS.taskChanged]: refresh(WORK_EVENTS.taskChanged),
      [WORK_EVENTS.taskDeleted]: refresh(WORK_EVENTS.taskDeleted),
    });
  }, [socket, connected, queryClient]);
}
