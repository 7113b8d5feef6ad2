import { ActionIcon, Menu } from '@mantine/core';
import type { NotificationItem, UpdateNotificationBody } from '@smart/contracts';
import { HiArchive, HiCheck, HiClock, HiDotsVertical, HiInbox, HiMail } from 'react-icons/hi';
import { toastFailure } from '@/lib/toast';
import { useUpdateNotification } from '../api';
import { SNOOZE_CHOICES, snoozeEnd } from '../inbox-labels';

interface InboxItemMenuProps {
  item: NotificationItem;
  now: Date;
  timeZone: string;
}

/** An item's own actions: read or unread, archive or back to the inbox, snooze or wake. */
export function InboxItemMenu({ item, now, timeZone }: InboxItemMenuProps) {
  const update = useUpdateNotification();
  const change = (body: UpdateNotificationBody) =>
    update.mutate({ id: item.id, change: body }, { onError: (error) => toastFailure(error.message) });
  const unread = item.unread > 0;
  const snoozed = item.snoozedUntil !== null && new Date(item.snoozedUntil) > now;
  const icon = (Icon: typeof HiCheck) => <Icon size={16} aria-hidden />;

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for: ${item.text}`} loading={update.isPending}>
          <HiDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {unread ? (
          <Menu.Item leftSection={icon(HiCheck)} onClick={() => change({ read: true })}>
            Mark as read
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={icon(HiMail)} onClick={() => change({ read: false })}>
            Mark as unread
          </Menu.Item>
        )}
        {item.archivedAt ? (
          <Menu.Item leftSection={icon(HiInbox)} onClick={() => change({ archived: false })}>
            Unarchive
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={icon(HiArchive)} onClick={() => change({ archived: true })}>
            Archive
          </Menu.Item>
        )}
        {/* An archived item is out of the inbox: there is nothing to snooze. */}
        {!item.archivedAt && (
          <>
            <Menu.Divider />
            {SNOOZE_CHOICES.map(({ choice, label }) => (
              <Menu.Item
                key={choice}
                leftSection={icon(HiClock)}
                onClick={() => change({ snoozedUntil: snoozeEnd(choice, new Date(), timeZone).toISOString() })}
              >
                {label}
              </Menu.Item>
            ))}
            {snoozed && (
              <Menu.Item leftSection={icon(HiClock)} onClick={() => change({ snoozedUntil: null })}>
                Wake it now
              </Menu.Item>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
