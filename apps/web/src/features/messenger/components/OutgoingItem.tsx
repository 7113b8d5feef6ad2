import { Box, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { displayName } from '@smart/contracts';
import { HiExclamationCircle } from 'react-icons/hi';
import { UserAvatar } from '@/components/UserAvatar';
import { useAuth } from '@/features/auth';
import type { OutgoingMessage } from '../outbox';
import classes from './Messenger.module.css';

interface OutgoingItemProps {
  entry: OutgoingMessage;
  onRetry: (entry: OutgoingMessage) => void;
  onDiscard: (clientMessageId: string) => void;
}

/**
 * A message on its way (dimmed, 'Sending...' where a stored one has its time), or refused: 'Not sent'
 * there instead, then the reason, Retry and Discard. `data-outgoing` lets the list bring it into view.
 */
export function OutgoingItem({ entry, onRetry, onDiscard }: OutgoingItemProps) {
  const { user } = useAuth();
  const failed = entry.status === 'failed';
  return (
    <Group
      component="article"
      aria-label={failed ? 'Message not sent' : 'Message sending'}
      data-outgoing={entry.clientMessageId}
      className={classes.message}
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      pt="xs"
      style={{ opacity: failed ? 1 : 0.6 }}
    >
      <UserAvatar user={user} size={36} radius="xl" />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" truncate>
            {displayName(user)}
          </Text>
          {failed ? (
            <Text size="xs" c="red" fw={600}>
              Not sent
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              Sending...
            </Text>
          )}
        </Group>
        {entry.content && (
          <Text size="sm" className={classes.text}>
            {entry.content}
          </Text>
        )}
        {entry.files.map((file) => (
          <Text key={`${file.name}-${file.size}`} size="sm" c="dimmed">
            {file.name}
          </Text>
        ))}
        {failed && (
          <Group gap="xs" mt={4} wrap="wrap" role="alert">
            {/* The icon stays beside the reason when a narrow screen wraps the buttons under it. */}
            <Group gap={6} wrap="nowrap" align="flex-start">
              <HiExclamationCircle
                size={16}
                color="var(--mantine-color-red-7)"
                aria-hidden
                style={{ flexShrink: 0, marginTop: 1 }}
              />
              <Text size="xs" c="red">
                <VisuallyHidden component="span">Not sent: </VisuallyHidden>
                {entry.error}
              </Text>
            </Group>
            <Button size="compact-xs" variant="light" onClick={() => onRetry(entry)}>
              Retry
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onDiscard(entry.clientMessageId)}>
              Discard
            </Button>
          </Group>
        )}
      </Box>
    </Group>
  );
}
