import { Card, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { ANALYTICS_TEXT } from '@smart/contracts';

/** The page's shape while its figures load: four figures and the chart cards. */
export function AnalyticsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      <VisuallyHidden role="status">{ANALYTICS_TEXT.loading}</VisuallyHidden>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {['overdue', 'opened', 'response', 'resolution'].map((figure) => (
          <Skeleton key={figure} height={96} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {['tasks', 'opened', 'resolved', 'categories'].map((chart) => (
          <Card key={chart} withBorder radius="md" padding="md">
            <Skeleton height={20} width="50%" mb="md" />
            <Skeleton height={240} />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
