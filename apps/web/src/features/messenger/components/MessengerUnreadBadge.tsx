import { Badge } from '@mantine/core';
import { useUnreadTotal } from '../unread';

/** The Messenger menu entry's count of unread messages; nothing when all are read. */
export function MessengerUnreadBadge() {
  const total = useUnreadTotal(true);
  if (total === 0) return null;
  const label = `${total} unread message${total === 1 ? '' : 's'}`;
  return (
    <Badge size="sm" circle={total < 10} color="red" aria-label={label} title={label}>
      {total > 99 ? '99+' : total}
    </Badge>
  );
}
