import { Button, Stack, Text } from '@mantine/core';

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  /** The button's text: 'Retry', or 'Try Again' where a page asks for it. */
  retryLabel?: string;
}

/** A failed load: its message and a Retry button. */
export function LoadError({ message, onRetry, retrying = false, retryLabel = 'Retry' }: LoadErrorProps) {
  return (
    <Stack align="center" gap="sm" py="xl" role="alert">
      <Text c="red" fw={500}>
        {message}
      </Text>
      <Button variant="light" onClick={onRetry} loading={retrying}>
        {retryLabel}
      </Button>
    </Stack>
  );
}
