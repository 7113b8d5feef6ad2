import { NOTIFICATION_EVENTS, type NotificationItem } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from '@/features/realtime';
import { listen, onEveryConnection } from '@/lib/socket-events';
import { notificationQueries } from './api';

/**
 * Keeps the bell's count and the inbox lists live over the session's one socket. The server sends
 * the count to the user's room, so every device and tab follows a read on any of them; a new item
 * refreshes the lists (and is handed to `onNotification`, for the browser notification). Each
 * (re)connection, and each gap the server names, fetches both again: what happened meanwhile was not heard.
 */
export function useLiveInbox(onNotification: (item: NotificationItem) => void) {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  // The latest handler, without reconnecting the listeners when it changes.
  const handler = useRef(onNotification);
  handler.current = onNotification;

  useEffect(() => {
    if (!socket) return;
    const countKey = notificationQueries.unreadCount().queryKey;
    const refreshLists = () => void queryClient.invalidateQueries({ queryKey: notificationQueries.inbox() });
    const catchUp = () => {
      refreshLists();
      void queryClient.invalidateQueries({ queryKey: countKey });
    };
    const stopCatchUps = onEveryConnection(socket, catchUp);
    const stop = listen(socket, {
      [NOTIFICATION_EVENTS.count]: (count) => queryClient.setQueryData(countKey, count),
      [NOTIFICATION_EVENTS.notification]: (item) => {
        refreshLists();
        handler.current(item);
      },
    });
    return () => {
      stopCatchUps();
      stop();
    };
  }, [socket, queryClient]);
}
