import { Card, Group, Stack, Title } from '@mantine/core';
import { type ReactNode, type Ref, useId } from 'react';

interface PanelProps {
  /** The panel's heading, which also names its region ('Attachments (2)'). */
  title: string;
  /** A button at the right of the heading (Upload File). */
  action?: ReactNode;
  children: ReactNode;
  /** The heading, for a panel that puts focus there (after its last row is deleted). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A bordered section of a record's page (objective, task, ticket), named by its heading. */
export function Panel({ title, action, children, headingRef }: PanelProps) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
