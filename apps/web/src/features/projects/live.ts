import { WORK_EVENTS, WORK_ROOM_EVENTS, type WorkEventPayload } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtime } from '@/features/realtime';
import { useRecordRoom } from '@/lib/record-room';
import { changeOfWorkEvent, refreshAfter, type WorkEvent } from '@/lib/work-changes';
import { workKeys } from '@/lib/work-keys';

const EVENTS: readonly WorkEvent[] = Object.values(WORK_EVENTS);

/**
 * While a project, objective or task page is open, its socket sits in the project's room (the
 * server lets it in only after the same read check as GET /api/projects/{id}) and each work event
 * there refreshes the queries that change moves: someone else's comment, progress or new task shows
 * without reloading. The server does not send a page the events of its own changes (their answers
 * are in the cache already). The room is left when the page goes; a (re)join catches up on
 * everything under it.
 */
export function useProjectRoom(projectId: string | undefined) {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: WorkEvent, payload: WorkEventPayload) => void refreshAfter(queryClient, changeOfWorkEvent(event, payload)),
    [queryClient],
  );
  useRecordRoom(socket, {
    ...WORK_ROOM_EVENTS,
    payload: projectId ? { projectId } : null,
    events: EVENTS,
    onEvent,
    catchUp: workKeys.all,
  });
}
