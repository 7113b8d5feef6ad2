import { ActionIcon, Button, Popover, Radio, Stack, Text } from '@mantine/core';
import { type SubscribableRecordType, type SubscriptionMode, UI_TEXT } from '@smart/contracts';
import { type ReactNode, useState } from 'react';
import { HiBell, HiOutlineBell, HiVolumeOff } from 'react-icons/hi';
import { useRecordSubscription, useSetRecordSubscription } from '@/lib/record-subscription';
import { toastFailure } from '@/lib/toast';

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

const CHOICES: SubscriptionMode[] = ['default', 'follow', 'mute'];

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
  // The choice shows at once (the mutation's own state arrives a tick later): null once it is saved or refused.
  const [chosen, setChosen] = useState<SubscriptionMode | null>(null);
  const mode = chosen ?? subscription.data?.mode;
  const current = MODES[mode ?? 'default'];
  const name = mode ? current.name(recordType) : `Notifications for this ${recordType}`;
  const busy = subscription.isPending || change.isPending;
  const [opened, setOpened] = useState(false);

  function choose(value: string) {
    const next = CHOICES.find((choice) => choice === value);
    if (!next || next === mode) return;
    setChosen(next);
    change.mutate(next, {
      onError: (error) => toastFailure(error.message || UI_TEXT.subscriptionUpdateFailed),
      onSettled: () => setChosen(null),
    });
  }

  return (
    <Popover
      position="bottom-end"
      withinPortal
      trapFocus
      returnFocus
      shadow="md"
      width={280}
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        {compact ? (
          <ActionIcon variant="subtle" size="lg" aria-label={name} loading={busy} onClick={() => setOpened((o) => !o)}>
            {current.icon}
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            leftSection={current.icon}
            aria-label={name}
            loading={busy}
            onClick={() => setOpened((o) => !o)}
          >
            {current.shown}
          </Button>
        )}
      </Popover.Target>
      <Popover.Dropdown>
        {subscription.isError ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="red" role="alert">
              {subscription.error.message}
            </Text>
            <Button size="xs" variant="light" onClick={() => subscription.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : (
          <Radio.Group label={`Notifications for this ${recordType}`} value={mode ?? null} onChange={choose}>
            <Stack gap="sm" mt="xs">
              {CHOICES.map((choice) => (
                <Radio
                  key={choice}
                  value={choice}
                  label={MODES[choice].label}
                  description={MODES[choice].what(recordType)}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
