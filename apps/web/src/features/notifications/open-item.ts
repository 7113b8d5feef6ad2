import type { NotificationItem } from '@smart/contracts';
import { useNavigate } from 'react-router';
import { useUpdateNotification } from './api';

/**
 * Opening an item marks its group read (opening it marks it read) and goes to its
 * record, when it has a page. The panel's links navigate by themselves and only mark.
 */
export function useMarkOpened() {
  const update = useUpdateNotification();
  return (item: NotificationItem) => {
    if (item.unread > 0) update.mutate({ id: item.id, change: { read: true } });
  };
}

export function useOpenItem() {
  const navigate = useNavigate();
  const markOpened = useMarkOpened();
  return (item: NotificationItem) => {
    markOpened(item);
    if (item.link) navigate(item.link);
  };
}
