import {
  MESSAGES,
  type NotificationItem,
  type NotificationStatus,
  type UpdateNotificationBody,
} from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { pagedListOptions, usePagedList, withQuery } from '@/lib/paged-list';

// The inbox (issue 22); the preferences page's calls are in settings-api.ts.

const inboxPath = '/api/notifications';

const getInboxPage = (status: NotificationStatus, page: number, limit: number) =>
  apiClient.getPage<NotificationItem>(withQuery(inboxPath, { status, page, limit }), {
    failMessage: MESSAGES.notificationsLoadFailed,
  });

const getUnreadCount = () =>
  apiClient.get<{ unread: number }>(`${inboxPath}/unread-count`, { failMessage: MESSAGES.notificationsLoadFailed });

/** Reads, archives or snoozes an item: the server applies it to the item's whole group (its record). */
const updateNotification = ({ id, change }: { id: string; change: UpdateNotificationBody }) =>
  apiClient.patch<NotificationItem>(`${inboxPath}/${encodeURIComponent(id)}`, change, {
    failMessage: MESSAGES.notificationUpdateFailed,
  });

const markAllRead = () =>
  apiClient.post<{ unread: number }>(`${inboxPath}/read-all`, undefined, {
    failMessage: MESSAGES.notificationUpdateFailed,
  });

export const notificationQueries = {
  all: () => ['notifications'] as const,
  /** Every inbox list (each tab, the panel's and the page's): refreshed together. */
  inbox: () => [...notificationQueries.all(), 'inbox'] as const,
  list: (status: NotificationStatus, pageSize: number) =>
    pagedListOptions(
      [...notificationQueries.inbox(), status, pageSize],
      (page, limit) => getInboxPage(status, page, limit),
      pageSize,
    ),
  unreadCount: () =>
    queryOptions({ queryKey: [...notificationQueries.all(), 'unread-count'], queryFn: getUnreadCount }),
};

/** One tab of the inbox, a page at a time. */
export function useInbox(status: NotificationStatus, pageSize: number) {
  return usePagedList(notificationQueries.list(status, pageSize));
}

/** What the bell shows (kept live by live.ts). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...notificationQueries.unreadCount(), enabled });
}

/** After a change to items: the lists and the count (the count also arrives over the socket). */
function useRefreshInbox() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationQueries.inbox() }),
      queryClient.invalidateQueries({ queryKey: notificationQueries.unreadCount().queryKey }),
    ]);
}

export function useUpdateNotification() {
  const refresh = useRefreshInbox();
  return useMutation({ mutationFn: updateNotification, onSettled: refresh });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  const refresh = useRefreshInbox();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: (count) => queryClient.setQueryData(notificationQueries.unreadCount().queryKey, count),
    onSettled: refresh,
  });
}
