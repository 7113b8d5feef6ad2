import { WORK_EVENTS, WORK_ROOM_EVENTS } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtime } from '@/features/realtime';
import { workKeys } from '@/lib/work-keys';

/**
 * While a project, objective or task page is open, its socket sits in the project's room (the
 * server lets it in only after the same read check as GET /api/projects/{id}) and every work event
 * there refreshes the work queries on screen: someone else's comment, progress or new task shows
 * without reloading. The room is left when the page goes; a reconnect joins again.
 */
export function useProjectRoom(projectId: string | undefined) {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket || !projectId) return;
    const join = () => socket.emit(WORK_ROOM_EVENTS.join, { projectId });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: workKeys.all });
    const events = Object.values(WORK_EVENTS);

    if (socket.connected) join();
    socket.on('connect', join);
    for (const event of events) socket.on(event, refresh);
    return () => {
      socket.off('connect', join);
      for (const event of events) socket.off(event, refresh);
      socket.emit(WORK_ROOM_EVENTS.leave, { projectId });
    };
  }, [socket, projectId, queryClient]);
}
