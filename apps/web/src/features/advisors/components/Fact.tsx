import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled value on an advisor page's card: 'STATUS' over its badge, 'ASSIGNED' over its date. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
