import { Center, Loader, Stack, Text } from '@mantine/core';

/** In-page loading state, inside the frame (the full-screen one is only for auth). */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
