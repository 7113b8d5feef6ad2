import {
  notificationEndpoints as endpoints,
  type NotificationStatus,
  UI_TEXT,
  type UpdateNotificationBody,
} from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedListOptions, usePagedList } from '@/lib/paged-list';
import { unreadNotificationsKey } from '@/lib/read-on-open';

// The inbox; the preferences page's calls are in settings-api.ts.

const loadFailed = { failMessage: UI_TEXT.notificationsLoadFailed };
const updateFailed = { failMessage: UI_TEXT.notificationUpdateFailed };

const getInboxPage = (status: NotificationStatus, page: number, limit: number) =>
  api(endpoints.list, { query: { status, page, limit } }, loadFailed);

const getUnreadCount = () => api(endpoints.unreadCount, {}, loadFailed);

/** Reads, archives or snoozes an item: the server applies it to the item's whole group (its record). */
const updateNotification = ({ id, change }: { id: string; change: UpdateNotificationBody }) =>
  api(endpoints.update, { params: { id }, body: change }, updateFailed);

const markAllRead = () => api(endpoints.readAll, {}, updateFailed);

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
  unreadCount: () => queryOptions({ queryKey: unreadNotificationsKey, queryFn: getUnreadCount }),
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
