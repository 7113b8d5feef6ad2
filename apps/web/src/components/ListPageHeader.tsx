import { Group, Stack, Title } from '@mantine/core';
import { CreateButton } from './CreateButton';
import { PageTitle } from './PageTitle';

interface ListPageHeaderProps {
  title: string;
  /** A line under the title saying what the page is for. */
  subtitle?: string;
  /** The list's name, followed by its total once loaded: 'Teams (4)'. */
  heading: string;
  total: number | undefined;
  createLabel: string;
  /** Absent when the viewer may not create: no button. */
  onCreate?: (() => void) | undefined;
}

/** The head of a list page: its title, the list's heading with its total, and the create button. */
export function ListPageHeader({ title, subtitle, heading, total, createLabel, onCreate }: ListPageHeaderProps) {
  return (
    <Stack gap="lg">
      <PageTitle title={title} subtitle={subtitle} />
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          {heading}
          {total === undefined ? '' : ` (${total})`}
        </Title>
        {onCreate && <CreateButton onClick={onCreate}>{createLabel}</CreateButton>}
      </Group>
    </Stack>
  );
}
