import { ActionIcon, Drawer, Indicator, Loader, Popover } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';
import { HiBell } from 'react-icons/hi';
import { useAuth } from '@/features/auth';
import { useIsPhone } from '@/lib/viewport';
import { useUnreadCount } from '../api';
import { showBrowserAlert } from '../browser-alerts';
import { useLiveInbox } from '../live';
import { useOpenItem } from '../open-item';

// The panel's code loads on the first opening: the page frame carries only the bell.
const NotificationPanel = lazy(() => import('./NotificationPanel'));

/** The count as the badge writes it. */
const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The top bar's bell: the unread count, live on every device, and the panel of the
 * newest notifications (a popover on desktop, a full-width drawer on a phone).
 */
export function NotificationBell() {
  const { user } = useAuth();
  const unread = useUnreadCount(user !== null).data?.unread ?? 0;
  const openItem = useOpenItem();
  useLiveInbox((item) => user && showBrowserAlert(user.id, item, openItem));
  const [opened, panel] = useDisclosure(false);
  const isPhone = useIsPhone();

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const button = (
    <ActionIcon
      variant="subtle"
      color="slate"
      size="lg"
      radius="xl"
      aria-label={label}
      aria-expanded={opened}
      aria-haspopup="dialog"
      onClick={panel.toggle}
    >
      <HiBell size={22} aria-hidden />
    </ActionIcon>
  );
  const withBadge = (target: ReactNode) => (
    <Indicator label={badgeText(unread)} size={18} color="red" offset={6} disabled={unread === 0}>
      {target}
    </Indicator>
  );
  const content = (listHeight: string, heading: boolean) => (
    <Suspense fallback={<Loader size="sm" m="md" aria-label="Loading notifications" />}>
      <NotificationPanel onClose={panel.close} listHeight={listHeight} heading={heading} />
    </Suspense>
  );

  if (isPhone) {
    return (
      <>
        {withBadge(button)}
        <Drawer
          opened={opened}
          onClose={panel.close}
          position="right"
          size="100%"
          title="Notifications"
          styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
        >
          {content('calc(100dvh - 11rem)', false)}
        </Drawer>
      </>
    );
  }
  // The popover's target is the button itself, so its state (aria-expanded) is the button's.
  return withBadge(
    <Popover opened={opened} onClose={panel.close} position="bottom-end" width={420} shadow="lg" trapFocus>
      <Popover.Target>{button}</Popover.Target>
      {/* Named by its own title, not by the bell's changing count. */}
      <Popover.Dropdown aria-labelledby={undefined} aria-label="Notifications">
        {content('min(32rem, calc(100dvh - 12rem))', true)}
      </Popover.Dropdown>
    </Popover>,
  );
}
