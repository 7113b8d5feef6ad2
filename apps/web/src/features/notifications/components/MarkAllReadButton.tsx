import { Button } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { HiCheck } from 'react-icons/hi';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useMarkAllRead, useUnreadCount } from '../api';

/** Marks every notification read; idle while none is unread. */
export function MarkAllReadButton() {
  const markAllRead = useMarkAllRead();
  const unread = useUnreadCount(true).data?.unread ?? 0;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<HiCheck size={16} aria-hidden />}
      disabled={unread === 0}
      loading={markAllRead.isPending}
      onClick={() =>
        markAllRead.mutate(undefined, {
          onSuccess: () => toastSuccess(UI_TEXT.notificationsAllRead),
          onError: (error) => toastFailure(error.message),
        })
      }
    >
      Mark all as read
    </Button>
  );
}
