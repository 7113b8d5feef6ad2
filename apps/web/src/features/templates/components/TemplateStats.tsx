import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { IconType } from 'react-icons';
import { HiCollection, HiDocumentText, HiFire } from 'react-icons/hi?lazy';

interface TemplateStatsProps {
  /** Undefined while loading: the cards show a dash. */
  totalTemplates: number | undefined;
  departments: number | undefined;
  popularCategories: number | undefined;
}

function StatCard({
  label,
  value,
  icon: Icon,
  color,
}: {
  label: string;
  value: number | undefined;
  icon: IconType;
  color: string;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', xs: 'md' }}>
      <Group gap="md" wrap="nowrap">
        {/* A phone shows the three cards in one row: numbers and labels only. */}
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden visibleFrom="sm">
          <Icon size={24} />
        </ThemeIcon>
        <div>
          <Text size="xl" fw={700} lh={1.1}>
            {value ?? '–'}
          </Text>
          <Text size="sm" c="dimmed" lh={1.2}>
            {label}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** The three stat cards of Smart Templates: templates in all, departments, popular categories. */
export function TemplateStats({ totalTemplates, departments, popularCategories }: TemplateStatsProps) {
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', xs: 'md' }}>
      <StatCard label="Total Templates" value={totalTemplates} icon={HiDocumentText} color="blue" />
      <StatCard label="Departments" value={departments} icon={HiCollection} color="teal" />
      <StatCard label="Popular Categories" value={popularCategories} icon={HiFire} color="orange" />
    </SimpleGrid>
  );
}
