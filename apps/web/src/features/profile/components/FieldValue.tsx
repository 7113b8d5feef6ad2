import { Stack, Text } from '@mantine/core';

/** A read-only label/value pair; empty values read 'N/A' (account information). */
export function FieldValue({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value?.trim() ? value : 'N/A'}</Text>
    </Stack>
  );
}
