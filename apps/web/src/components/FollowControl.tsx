import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES, type SubscribableRecordType, type SubscriptionMode } from '@smart/contracts';
import type { ReactNode } from 'react';
import { HiBell, HiCheck, HiOutlineBell, HiVolumeOff } from 'react-icons/hi';
import { useRecordSubscription, useSetRecordSubscription } from '@/lib/record-subscription';

interface FollowControlProps {
  recordType: SubscribableRecordType;
  recordId: string;
  /** An icon alone (a conversation's header on a phone has no room for words). */
  compact?: boolean;
}

interface ModeText {
  label: string;
  /** On the button while this mode holds. */
  shown: string;
  /** The button's accessible name while this mode holds (it contains `shown`). */
  name: (record: string) => string;
  icon: ReactNode;
  what: (record: string) => string;
}

const MENU_ORDER: SubscriptionMode[] = ['default', 'follow', 'mute'];

const MODES: Record<SubscriptionMode, ModeText> = {
  default: {
    label: 'Default',
    shown: 'Notifications',
    name: (record) => `Notifications for this ${record}: default`,
    icon: <HiOutlineBell size={16} aria-hidden />,
    what: () => 'As your notification settings say',
  },
  follow: {
    label: 'Follow',
    shown: 'Following',
    name: (record) => `Following this ${record}`,
    icon: <HiBell size={16} aria-hidden />,
    what: (record) => `Everything about this ${record}`,
  },
  mute: {
    label: 'Mute',
    shown: 'Muted',
    name: (record) => `Muted: nothing about this ${record}`,
    icon: <HiVolumeOff size={16} aria-hidden />,
    what: (record) => `Nothing about this ${record}`,
  },
};

/**
 * What the user hears about one record: Default (the preference toggles decide), Follow (everything
 * about it) or Mute (nothing). The project, task, ticket and conversation pages each show one.
 */
export function FollowControl({ recordType, recordId, compact = false }: FollowControlProps) {
  const subscription = useRecordSubscription(recordType, recordId);
  const change = useSetRecordSubscription(recordType, recordId);
  const mode = change.isPending ? change.variables : subscription.data?.mode;
  const current = MODES[mode ?? 'default'];
  const name = mode ? current.name(recordType) : `Notifications for this ${recordType}`;
  const busy = subscription.isPending || change.isPending;

  function choose(next: SubscriptionMode) {
    if (next === subscription.data?.mode) return;
    change.mutate(next, {
      onError: (error) =>
        notifications.show({ color: 'red', message: error.message || MESSAGES.subscriptionUpdateFailed }),
    });
  }

  return (
    <Menu position="bottom-end" withinPortal width={260}>
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="subtle" size="lg" aria-label={name} loading={busy}>
            {current.icon}
          </ActionIcon>
        ) : (
          <Button variant="default" leftSection={current.icon} aria-label={name} loading={busy}>
            {current.shown}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Notifications for this {recordType}</Menu.Label>
        {subscription.isError ? (
          <>
            <Text size="sm" c="red.8" px="sm" py={4} role="alert">
              {subscription.error.message}
            </Text>
            <Menu.Item onClick={() => subscription.refetch()}>Retry</Menu.Item>
          </>
        ) : (
          MENU_ORDER.map((choice) => {
            const entry = MODES[choice];
            return (
              <Menu.Item
                key={choice}
                role="menuitemradio"
                aria-checked={choice === mode}
                leftSection={entry.icon}
                rightSection={choice === mode ? <HiCheck size={16} aria-hidden /> : null}
                onClick={() => choose(choice)}
              >
                <Text size="sm">{entry.label}</Text>
                <Text size="xs" c="dimmed">
                  {entry.what(recordType)}
                </Text>
              </Menu.Item>
            );
          })
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
