import { WORK_EVENTS, WORK_ROOM_EVENTS } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtime } from '@/features/realtime';
import { useRecordRoom } from '@/lib/record-room';
import { workKeys } from '@/lib/work-keys';

const EVENTS = Object.values(WORK_EVENTS);

/**
 * While a project, objective or task page is open, its socket sits in the project's room (the
 * server lets it in only after the same read check as GET /api/projects/{id}) and every work event
 * there refreshes the work queries on screen: someone else's comment, progress or new task shows
 * without reloading. The room is left when the page goes; a reconnect joins again.
 */
export function useProjectRoom(projectId: string | undefined) {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: workKeys.all }), [queryClient]);
  useRecordRoom(socket, {
    ...WORK_ROOM_EVENTS,
    payload: projectId ? { projectId } : null,
    events: EVENTS,
    onEvent: refresh,
  });
}
