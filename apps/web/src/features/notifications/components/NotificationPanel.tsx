import { Anchor, Divider, Group, ScrollArea, SegmentedControl, Stack, Title } from '@mantine/core';
import type { NotificationStatus } from '@smart/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { INBOX_TABS } from '../inbox-labels';
import { InboxList } from './InboxList';
import { MarkAllReadButton } from './MarkAllReadButton';

/** The panel shows the newest items of a tab; the page has them all. */
const PANEL_PAGE_SIZE = 10;
/** The panel has Unread and All; Archived is on the page. */
const PANEL_TABS = INBOX_TABS.filter((tab) => tab.status !== 'archived');

interface NotificationPanelProps {
  /** Closes the panel (an item or a link was followed). */
  onClose: () => void;
  /** The list's height: the popover's own, or what the phone's drawer leaves. */
  listHeight: string | number;
  /** Its own heading (the phone's drawer has it in its header). */
  heading: boolean;
}

/** What the bell opens: the newest notifications, Mark all as read, and the way to the inbox page. */
export default function NotificationPanel({ onClose, listHeight, heading }: NotificationPanelProps) {
  const [status, setStatus] = useState<NotificationStatus>('unread');
  return (
    <Stack gap="xs">
      <Group justify={heading ? 'space-between' : 'flex-end'} wrap="nowrap">
        {heading && (
          <Title order={2} size="h4">
            Notifications
          </Title>
        )}
        <MarkAllReadButton />
      </Group>
      <SegmentedControl
        size="xs"
        value={status}
        onChange={(value) => setStatus(value as NotificationStatus)}
        data={PANEL_TABS.map((tab) => ({ value: tab.status, label: tab.label }))}
        aria-label="Show"
      />
      <ScrollArea.Autosize mah={listHeight} type="auto" offsetScrollbars>
        <InboxList status={status} pageSize={PANEL_PAGE_SIZE} onOpened={onClose} />
      </ScrollArea.Autosize>
      <Divider />
      <Group justify="space-between">
        <Anchor component={Link} to={paths.notificationInbox} size="sm" fw={500} onClick={onClose}>
          View all
        </Anchor>
        <Anchor component={Link} to={paths.notifications} size="sm" c="dimmed" onClick={onClose}>
          Settings
        </Anchor>
      </Group>
    </Stack>
  );
}
