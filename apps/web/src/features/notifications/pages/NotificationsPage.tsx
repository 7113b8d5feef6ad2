import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import {
  MESSAGES,
  mergeNotificationPreferences,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
} from '@smart/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { paths } from '@/lib/paths';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api';
import { PreferenceGroup } from '../components/PreferenceGroup';
import { TOGGLE_GROUPS } from '../toggles';

type Group = keyof NotificationPreferences;

export default function NotificationsPage() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  // What the user set on this visit. It wins over server data: a failed save leaves the
  // toggle as set (spec section 4), and late responses must not flip other toggles back.
  const [edited, setEdited] = useState<NotificationPreferencesPatch>({});
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());

  if (preferences.isPending) return <PageLoader />;
  if (preferences.isError) {
    return (
      <Stack align="center" gap="sm" py="xl" role="alert">
        <Text c="red.9" fw={500}>
          {preferences.error.message || MESSAGES.fetchNotificationsFailed}
        </Text>
        <Button variant="light" onClick={() => preferences.refetch()} loading={preferences.isFetching}>
          Retry
        </Button>
      </Stack>
    );
  }

  const shown = mergeNotificationPreferences(preferences.data, edited);

  function toggle(group: Group, key: string, checked: boolean) {
    const patch = { [group]: { [key]: checked } } as NotificationPreferencesPatch;
    const id = `${group}.${key}`;
    setEdited((current) => ({ ...current, [group]: { ...current[group], [key]: checked } }));
    setSaving((current) => new Set(current).add(id));
    update
      .mutateAsync(patch)
      .catch((error: unknown) => console.error(MESSAGES.updateNotificationsFailed, error))
      .finally(() =>
        setSaving((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        }),
      );
  }

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>Notifications</Title>
        <Text c="dimmed">Choose how S.M.A.R.T. keeps you informed. Changes are saved as you make them.</Text>
        <Anchor component={Link} to={paths.notificationInbox} size="sm">
          Open your notification inbox
        </Anchor>
      </div>
      {TOGGLE_GROUPS.map((definition) => (
        <PreferenceGroup
          key={definition.group}
          definition={definition}
          values={shown[definition.group]}
          isSaving={(key) => saving.has(`${definition.group}.${key}`)}
          onToggle={(key, checked) => toggle(definition.group, key, checked)}
        />
      ))}
    </Stack>
  );
}
