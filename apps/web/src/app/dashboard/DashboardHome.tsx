import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DashboardCard } from './cards';
import { DashboardCardLink } from './DashboardCardLink';

/**
 * The dashboard home: the welcome, what waits for the user, and the user's cards. The build
 * prerenders it without cards (prerender/shells.tsx), so the welcome is on screen before the app has run.
 */
export default function DashboardHome({
  cards,
  callout,
  work,
}: {
  cards: readonly DashboardCard[];
  callout?: ReactNode;
  /**
   * What waits for the user, or an admin's platform figures, right under the welcome:
   * under the cards it started at y ≈ 713 for a member, after nine cards for an org_admin, where
   * the floating Support button covered its headings. What needs the person comes first.
   */
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
      {work}
      {callout}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {cards.map((card) => (
          <DashboardCardLink key={card.to} card={card} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
