import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAuth } from '@/features/auth';
import { dashboardCardsFor } from './cards';
import { DashboardCardLink } from './DashboardCardLink';

export default function DashboardHome() {
  const { user } = useAuth();
  const cards = dashboardCardsFor(user);
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Welcome to S.M.A.R.T.</Title>
        <Text c="dimmed" size="lg">
          Your all-in-one business management platform
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {cards.map((card) => (
          <DashboardCardLink key={card.to} card={card} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
