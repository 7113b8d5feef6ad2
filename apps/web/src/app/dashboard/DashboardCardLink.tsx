import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { HiArrowRight } from 'react-icons/hi';
import { Link } from 'react-router';
import type { DashboardCard } from './cards';
import classes from './DashboardCardLink.module.css';

export function DashboardCardLink({ card }: { card: DashboardCard }) {
  const Icon = card.icon;
  return (
    <Card component={Link} to={card.to} withBorder padding="lg" radius="md" className={classes.card}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <Icon size={24} />
        </ThemeIcon>
        <HiArrowRight className={classes.arrow} aria-hidden />
      </Group>
      <Text fw={600} size="lg" mt="md">
        {card.title}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {card.description}
      </Text>
    </Card>
  );
}
