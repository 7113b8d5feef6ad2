import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read-only label/value pair; empty values read 'Not set'. */
export function FieldValue({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value.trim() ? (
        (children ?? <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value}</Text>)
      ) : (
        <Text c="dimmed">Not set</Text>
      )}
    </Stack>
  );
}
