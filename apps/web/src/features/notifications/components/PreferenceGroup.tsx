import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { NotificationPreferences } from '@smart/contracts';
import type { ReactNode } from 'react';
import { isSwitchedOffByMaster, type ToggleGroup } from '../toggles';

interface PreferenceGroupProps {
  definition: ToggleGroup;
  values: NotificationPreferences[keyof NotificationPreferences];
  isSaving: (key: string) => boolean;
  onToggle: (key: string, checked: boolean) => void;
  /** Shown between the group's heading and its toggles (the phone SMS go to). */
  intro?: ReactNode;
  /**
   * Why the toggles cannot send anything yet (SMS: needs a verified phone), under each one's
   * description: they show off and cannot be switched until then, whatever is saved.
   */
  blockedBy?: string | null;
  /** Rows after the toggles (security notices, which cannot be switched). */
  children?: ReactNode;
}

export function PreferenceGroup({
  definition,
  values,
  isSaving,
  onToggle,
  intro,
  blockedBy,
  children,
}: PreferenceGroupProps) {
  const titleId = `notification-group-${definition.group}`;
  const current = values as Record<string, boolean>;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="lg">
      <Title order={2} size="h4" id={titleId}>
        {definition.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {definition.description}
      </Text>
      <Stack gap="md">
        {intro}
        {definition.toggles.map((toggle) => (
          <Switch
            key={toggle.key}
            label={toggle.label}
            description={blockedBy ? `${toggle.description} ${blockedBy}` : toggle.description}
            checked={!blockedBy && (current[toggle.key] ?? false)}
            disabled={
              Boolean(blockedBy) || isSaving(toggle.key) || isSwitchedOffByMaster(definition, current, toggle.key)
            }
            onChange={(event) => onToggle(toggle.key, event.currentTarget.checked)}
          />
        ))}
        {children}
      </Stack>
    </Paper>
  );
}
