import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Analytics } from '@smart/contracts';
import { useId } from 'react';
import { formatDuration } from '../format';

/** The figures read first: overdue tasks now, tickets opened, the median first response and resolution. */
export function HeadlineFigures({ analytics }: { analytics: Analytics }) {
  const { tickets } = analytics;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Figure label="Overdue tasks" value={String(analytics.overdueTasks)} detail="open and past due, now" />
      <Figure label="Tickets opened" value={String(tickets.opened)} detail="in this range" />
      <Figure
        label="Median first response"
        value={formatDuration(tickets.medianFirstResponseSeconds)}
        detail={`${tickets.responded} of ${tickets.opened} tickets answered`}
      />
      <Figure
        label="Median resolution"
        value={formatDuration(tickets.medianResolutionSeconds)}
        detail={`${tickets.resolved} of ${tickets.opened} tickets resolved`}
      />
    </SimpleGrid>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  const labelId = useId();
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={labelId}>
      <Text size="sm" c="dimmed" id={labelId}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Paper>
  );
}
