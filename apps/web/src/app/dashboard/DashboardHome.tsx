import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DashboardCard } from './cards';
import { DashboardCardLink } from './DashboardCardLink';

/**
 * The dashboard home: the welcome and the user's cards. The build prerenders it without cards
 * (prerender/shells.tsx), so the welcome is on screen before the app has run.
 */
export default function DashboardHome({
  cards,
  callout,
  work,
}: {
  cards: readonly DashboardCard[];
  callout?: ReactNode;
  /** What waits for the user, or an admin's platform figures (issue 25), under the cards. */
  work?: ReactNode;
}) {
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Welcome to S.M.A.R.T.</Title>
        <Text c="dimmed" size="lg">
          Your all-in-one business management platform
        </Text>
      </div>
      {callout}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {cards.map((card) => (
          <DashboardCardLink key={card.to} card={card} />
        ))}
      </SimpleGrid>
      {work}
    </Stack>
  );
}
