import { Box, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';

type View = 'chart' | 'table';
const VIEWS = [
  { value: 'chart', label: 'Chart' },
  { value: 'table', label: 'Table' },
];

interface ChartCardProps {
  title: string;
  /** A line under the title: what is counted, and how. */
  description?: string;
  /** Nothing to draw: the card says `emptyText` instead. */
  empty: boolean;
  emptyText: string;
  /** The picture. Its SVG is one image to assistive technology, named by the title; the table holds the figures. */
  chart: ReactNode;
  /** The same figures as a table (FigureTable). */
  table: ReactNode;
  /** The chart reads as text already (progress bars with their figures): no image wrapper. */
  readable?: boolean;
}

/** A chart with its Chart | Table switch, so every figure can also be read (and reached) as a table. */
export function ChartCard({ title, description, empty, emptyText, chart, table, readable = false }: ChartCardProps) {
  const [view, setView] = useState<View>('chart');
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {!empty && (
            <SegmentedControl
              aria-label={`Show ${title.toLowerCase()} as`}
              size="xs"
              value={view}
              data={VIEWS}
              onChange={(value) => setView(value as View)}
              style={{ flexShrink: 0 }}
            />
          )}
        </Group>
        {empty ? (
          <Text c="dimmed" size="sm" py="md">
            {emptyText}
          </Text>
        ) : view === 'table' ? (
          table
        ) : readable ? (
          chart
        ) : (
          <Box role="img" aria-label={`${title}: a chart. Choose Table to read its figures.`}>
            {chart}
          </Box>
        )}
      </Stack>
    </Card>
  );
}
