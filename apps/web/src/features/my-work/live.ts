import { MESSENGER_EVENTS, NOTIFICATION_EVENTS, WORK_EVENTS } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtime } from '@/features/realtime';
import { listen } from '@/lib/socket-events';
import { myWorkKeys } from './api';

/**
 * Keeps My work current while it is open (the dashboard; an advisor's My Tasks), from what the
 * user's own room hears: a message or a read marker moves the unread block; a notification (a task
 * or ticket assigned, changed, due) or a change of one of my tasks the others. One request answers
 * them all; a burst of events shares it.
 */
export function useLiveMyWork() {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: myWorkKeys.all }, { cancelRefetch: false });
    return listen(
      socket,
      {
        [MESSENGER_EVENTS.newMessage]: refresh,
        [MESSENGER_EVENTS.conversationRead]: refresh,
        [MESSENGER_EVENTS.conversationRemoved]: refresh,
        [NOTIFICATION_EVENTS.notification]: refresh,
        // A task of mine changed by someone else (its due date, title, status), which not every change notifies.
        [WORK_EVENTS.taskChanged]: refresh,
        [WORK_EVENTS.taskDeleted]: refresh,
      },
      refresh,
    );
  }, [socket, queryClient]);
}
