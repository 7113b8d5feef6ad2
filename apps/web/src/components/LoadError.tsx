import { Button, Stack, Text } from '@mantine/core';

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed load: the spec's message and a Retry button (spec section 8). */
export function LoadError({ message, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <Stack align="center" gap="sm" py="xl" role="alert">
      <Text c="red.9" fw={500}>
        {message}
      </Text>
      <Button variant="light" onClick={onRetry} loading={retrying}>
        Retry
      </Button>
    </Stack>
  );
}
