import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ConfirmModal';
import { FormError } from '@/components/FormError';
import { toastSuccess } from '@/lib/toast';
import { useCalendarFeed, useCreateCalendarFeed } from '../api';

/**
 * The personal calendar feed: its secret URL to copy into Google Calendar or Outlook, or a button
 * making one. Making a new one revokes the old, so that asks first.
 */
export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const url = feed.data?.url ?? null;

  const make = () =>
    create.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        if (url) toastSuccess(UI_TEXT.calendarFeedCreated);
      },
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="calendar-feed-title">
          Calendar feed
        </Title>
        <Text size="sm" c="dimmed">
          {UI_TEXT.calendarFeedHint}
        </Text>
        {feed.isError ? (
          <Group gap="sm">
            <Text size="sm" c="red" role="alert">
              {UI_TEXT.fetchCalendarFeedFailed}
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => feed.refetch()} loading={feed.isFetching}>
              Retry
            </Button>
          </Group>
        ) : url ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Feed URL"
              value={url}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} style={{ flexShrink: 0 }}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : null}
        {feed.isSuccess && (
          <Group>
            <Button
              variant={url ? 'subtle' : 'light'}
              color={url ? 'red' : undefined}
              loading={create.isPending && !confirming}
              onClick={() => (url ? setConfirming(true) : make())}
            >
              {url ? 'Make a new URL' : 'Make a feed URL'}
            </Button>
          </Group>
        )}
        {!confirming && <FormError message={create.error?.message} />}
      </Stack>
      <ConfirmModal
        opened={confirming}
        message={UI_TEXT.calendarFeedRegenerateWarning}
        confirmLabel="Make a new URL"
        busy={create.isPending}
        error={create.error?.message}
        onConfirm={make}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
