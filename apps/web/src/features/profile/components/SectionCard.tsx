import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  /** Buttons shown on the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One titled section of the profile page; a landmark region named by its title. */
export function SectionCard({ title, actions, children }: SectionCardProps) {
  const titleId = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Paper>
  );
}
