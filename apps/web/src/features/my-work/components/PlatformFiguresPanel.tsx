import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MY_WORK_TEXT, type PlatformFigures } from '@smart/contracts';
import { Link } from 'react-router';
import { LoadError } from '@/components/LoadError';
import { usePlatformFigures } from '../api';
import { myWorkLinks } from '../links';

interface Figure {
  key: keyof PlatformFigures;
  label: string;
  /** The list behind the figure, where the admin has one. */
  to?: string;
}

const FIGURES: Figure[] = [
  { key: 'organizations', label: 'Organizations' },
  { key: 'people', label: 'People' },
  { key: 'advisors', label: 'Advisors', to: myWorkLinks.advisors },
  { key: 'activeAssignments', label: 'Active assignments', to: myWorkLinks.advisors },
  { key: 'advisorsWithoutAssignment', label: 'Advisors without an assignment', to: myWorkLinks.advisors },
  { key: 'openTickets', label: 'Open tickets', to: myWorkLinks.openTickets },
  { key: 'unassignedOpenTickets', label: 'Open tickets nobody has', to: myWorkLinks.unassignedTickets },
];

const formatFigure = new Intl.NumberFormat('en-US');

/** An admin's home: the platform's figures, one request, each figure opening its list. */
export function PlatformFiguresPanel() {
  const figures = usePlatformFigures();
  return (
    <Stack gap="sm" component="section" aria-labelledby="platform-figures-heading">
      <Title order={2} size="h3" id="platform-figures-heading">
        {MY_WORK_TEXT.platformTitle}
      </Title>
      {figures.isError ? (
        <LoadError
          message={figures.error.message || MY_WORK_TEXT.loadFailed}
          onRetry={() => figures.refetch()}
          retrying={figures.isFetching}
        />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" aria-busy={figures.isPending}>
          {FIGURES.map((figure) => (
            <Card key={figure.key} withBorder radius="md" padding="md">
              <Text size="xl" fw={700} aria-hidden={figures.isPending}>
                {figures.data ? formatFigure.format(figures.data[figure.key]) : '—'}
              </Text>
              {figure.to ? (
                <Anchor component={Link} to={figure.to} size="sm" fw={500}>
                  {figure.label}
                </Anchor>
              ) : (
                <Text size="sm">{figure.label}</Text>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
