import { MESSENGER_EVENTS, NOTIFICATION_EVENTS } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtime } from '@/features/realtime';
import { listen } from '@/lib/socket-events';
import { myWorkKeys } from './api';

/**
 * Keeps My work current while the dashboard is open, from what the user's own room already hears:
 * a message or a read marker moves the unread block; a notification (a task or ticket assigned,
 * changed, due) the others. One request answers them all; a burst of events shares it.
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
      },
      refresh,
    );
  }, [socket, queryClient]);
}
