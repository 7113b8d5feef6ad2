import { Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { MESSAGES, type MyTasksFilter, type TaskView } from '@smart/contracts';
import { useState } from 'react';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { RefreshButton } from '@/components/RefreshButton';
import { TaskViewSwitch } from '@/components/TaskViewSwitch';
import { useTaskView } from '@/lib/task-view';
import { useMyTasks } from '../api';
import { MyTaskCard } from '../components/MyTaskCard';
import { MyTasksBoard } from '../components/MyTasksBoard';

const EMPTY_TEXT: Record<MyTasksFilter, string> = {
  assigned: MESSAGES.noAssignedTasks,
  created: MESSAGES.noCreatedTasks,
};

/** /dashboard/my-tasks (second document, section 2, My Tasks): every signed-in user's tasks, in two tabs. */
export default function MyTasksPage() {
  const [tab, setTab] = useState<MyTasksFilter>('assigned');
  const [view, setView] = useTaskView();
  // Both tabs are read at once: each tab's label carries its count.
  const assigned = useMyTasks('assigned');
  const created = useMyTasks('created');
  const lists = { assigned, created };
  const count = (filter: MyTasksFilter) => (lists[filter].data ? ` (${lists[filter].data.length})` : '');

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{MESSAGES.myTasksTitle}</Title>
        <Group gap="sm">
          <TaskViewSwitch view={view} onChange={setView} />
          <RefreshButton
            onRefresh={() => {
              void assigned.refetch();
              void created.refetch();
            }}
            refreshing={assigned.isRefetching || created.isRefetching}
          />
        </Group>
      </Group>
      <Tabs value={tab} onChange={(value) => value && setTab(value as MyTasksFilter)}>
        <Tabs.List>
          <Tabs.Tab value="assigned">Assigned to Me{count('assigned')}</Tabs.Tab>
          <Tabs.Tab value="created">Created by Me{count('created')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <TaskList filter={tab} list={lists[tab]} view={view} />
    </Stack>
  );
}

function TaskList({
  filter,
  list,
  view,
}: {
  filter: MyTasksFilter;
  list: ReturnType<typeof useMyTasks>;
  view: TaskView;
}) {
  if (list.isPending) return <PageLoader label={MESSAGES.loadingTasks} />;
  if (list.isError) {
    return (
      <LoadError
        message={list.error.message || MESSAGES.fetchTasksFailed}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
        retryLabel="Try Again"
      />
    );
  }
  if (list.data.length === 0) {
    return (
      <Stack align="center" gap={4} py="xl">
        <Text fw={600}>{MESSAGES.noTasksFound}</Text>
        <Text c="dimmed" ta="center">
          {EMPTY_TEXT[filter]}
        </Text>
      </Stack>
    );
  }
  if (view === 'board') return <MyTasksBoard tasks={list.data} label={MESSAGES.myTasksTitle} />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {list.data.map((task) => (
        <MyTaskCard key={task.id} task={task} filter={filter} />
      ))}
    </SimpleGrid>
  );
}
