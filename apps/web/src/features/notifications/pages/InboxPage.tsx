import { Anchor, Group, Paper, Stack, Tabs } from '@mantine/core';
import { DEFAULT_PAGE_SIZE, NOTIFICATION_STATUSES, type NotificationStatus } from '@smart/contracts';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/lib/paths';
import { BrowserAlertsSwitch } from '../components/BrowserAlertsSwitch';
import { InboxList } from '../components/InboxList';
import { MarkAllReadButton } from '../components/MarkAllReadButton';
import { INBOX_TABS } from '../inbox-labels';

const isStatus = (value: string | null): value is NotificationStatus =>
  (NOTIFICATION_STATUSES as readonly (string | null)[]).includes(value);

/**
 * /dashboard/notifications/inbox: every notification, grouped per record, in the tabs
 * Unread, All and Archived. The tab is in the address (?tab=), so a reload or Back keeps it.
 */
export default function InboxPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const status: NotificationStatus = isStatus(requested) ? requested : 'unread';

  return (
    <Stack gap="lg" maw={820}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <PageTitle title="Notification Inbox" subtitle="What happened to your work, newest first." />
        <Anchor component={Link} to={paths.notifications} size="sm">
          Notification settings
        </Anchor>
      </Group>
      <Paper withBorder radius="md" p="md">
        <BrowserAlertsSwitch />
      </Paper>
      <Tabs
        value={status}
        onChange={(value) => isStatus(value) && setSearch(value === 'unread' ? {} : { tab: value }, { replace: true })}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Tabs.List>
            {INBOX_TABS.map((tab) => (
              <Tabs.Tab key={tab.status} value={tab.status}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <MarkAllReadButton />
        </Group>
      </Tabs>
      <Paper withBorder radius="md" p="xs">
        <InboxList status={status} pageSize={DEFAULT_PAGE_SIZE} />
      </Paper>
    </Stack>
  );
}
