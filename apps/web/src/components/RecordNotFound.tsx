import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { HiArrowLeft, HiQuestionMarkCircle, HiRefresh } from 'react-icons/hi';
import { Link } from 'react-router';

/** Where the way back of a not-found state leads: a page, or closing what shows it (a drawer). */
export type WayBack = { label: string; to: string } | { label: string; onClick: () => void };

interface RecordNotFoundProps {
  /** The record's own words: 'Task not found', 'Ticket not found'… */
  title: string;
  back: WayBack;
  onRetry: () => void;
  retrying?: boolean;
  /** 1 on a page (its heading), 2 inside a drawer or dialog that has a title of its own. */
  order?: 1 | 2;
}

/**
 * The one not-found state of the app (decision 0212): a record missing, removed or another
 * organization's (404) says so in a heading, with Try Again (it may have been a moment's gap) and a
 * way back. Every record page and drawer shows this, never a bare line.
 */
export function RecordNotFound({ title, back, onRetry, retrying = false, order = 1 }: RecordNotFoundProps) {
  const backIcon = <HiArrowLeft size={16} aria-hidden />;
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" role="alert">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
        <HiQuestionMarkCircle size={32} />
      </ThemeIcon>
      <Title order={order} size="h2">
        {title}
      </Title>
      <Text c="dimmed" maw={440}>
        {UI_TEXT.recordNotFoundDetail}
      </Text>
      <Group gap="sm" justify="center">
        <Button variant="light" leftSection={<HiRefresh size={16} aria-hidden />} onClick={onRetry} loading={retrying}>
          Try Again
        </Button>
        {'to' in back ? (
          <Button component={Link} to={back.to} variant="default" leftSection={backIcon}>
            {back.label}
          </Button>
        ) : (
          <Button variant="default" leftSection={backIcon} onClick={back.onClick}>
            {back.label}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
