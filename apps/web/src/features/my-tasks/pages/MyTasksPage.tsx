import { Group, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  type MyTasksDue,
  type MyTasksFilter,
  type MyTasksQuery,
  type MyTasksSort,
  TASK_STATUSES,
  type TaskView,
  UI_TEXT,
} from '@smart/contracts';
import type { ReactNode } from 'react';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { FilterDrawer } from '@/components/FilterDrawer';
import { NoMatches } from '@/components/ListView';
import { LoadError } from '@/components/LoadError';
import { LoadMore } from '@/components/LoadMore';
import { OrganizationFilter } from '@/components/OrganizationFilter';
import { PageLoader } from '@/components/PageLoader';
import { RefreshButton } from '@/components/RefreshButton';
import { SortSelect } from '@/components/SortSelect';
import { TaskViewSwitch } from '@/components/TaskViewSwitch';
import { useAuth } from '@/features/auth';
import { useWideEnough } from '@/lib/element-width';
import { type OrganizationReach, useOrganizationReach } from '@/lib/organization-reach';
import { useTaskView } from '@/lib/task-view';
import { statusOptions } from '@/lib/work-format';
import { useMyTasks } from '../api';
import { MyTaskCard } from '../components/MyTaskCard';
import { MyTasksBoard } from '../components/MyTasksBoard';
import { useLiveMyTasks } from '../live';
import { activeMyTasksFilters, MY_TASKS_SORT_RULES, type MyTasksFilters, useMyTasksFilters } from '../my-tasks-filters';

const EMPTY_TEXT: Record<MyTasksFilter, string> = {
  assigned: UI_TEXT.noAssignedTasks,
  created: UI_TEXT.noCreatedTasks,
};

const DUE_OPTIONS: { value: MyTasksDue; label: string }[] = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'today', label: 'Due today' },
  { value: 'next_7_days', label: 'Due in the next 7 days' },
  { value: 'none', label: 'No due date' },
];

const SORT_LABELS: Record<MyTasksSort, string> = {
  dueDate: 'Due date',
  priority: 'Priority',
  status: 'Status',
  title: 'Title',
  progress: 'Progress',
  project: 'Project',
  organization: 'Organization',
  createdAt: 'Created',
  updatedAt: 'Last updated',
};
const { organization: _, ...SORT_LABELS_ONE_ORGANIZATION } = SORT_LABELS;

/** Where the filters sit in a row; narrower, they go into a drawer. */
const FILTER_ROW_MIN_WIDTH = 720;

/** The query of one tab under the address's filters. */
const tabQuery = ({ filter: _, ...filters }: MyTasksFilters, tab: MyTasksFilter): MyTasksQuery => ({
  ...filters,
  filter: tab,
});

/**
 * /dashboard/my-tasks (My Tasks): every signed-in user's tasks, in two
 * tabs, filtered by status, due date and (for whoever works in several) organization, and sorted,
 * all kept in the address, and live: someone else's change to a listed task shows at once.
 * `above` goes between the title and the tabs (an advisor's My work: app/dashboard/MyTasksLanding.tsx).
 */
export default function MyTasksPage({ above }: { above?: ReactNode }) {
  const { filters, setTab, setFilter, setSort, clearFilters } = useMyTasksFilters();
  const [view, setView] = useTaskView();
  // Both tabs are read at once: each tab's label carries its count (the server's total, not the page's).
  const assigned = useMyTasks(tabQuery(filters, 'assigned'));
  const created = useMyTasks(tabQuery(filters, 'created'));
  const lists = { assigned, created };
  const count = (tab: MyTasksFilter) => (lists[tab].data ? ` (${lists[tab].data.total})` : '');
  const organizations = useOrganizationReach(useAuth().user);
  const [frame, wide] = useWideEnough<HTMLDivElement>(FILTER_ROW_MIN_WIDTH);
  useLiveMyTasks();
  const fields = (
    <>
      <Select
        label="Status"
        placeholder="All statuses"
        data={statusOptions(TASK_STATUSES)}
        value={filters.status ?? null}
        onChange={(value) => setFilter('status', value)}
        clearable
      />
      <Select
        label="Due date"
        placeholder="Any due date"
        data={DUE_OPTIONS}
        value={filters.due ?? null}
        onChange={(value) => setFilter('due', value)}
        clearable
      />
      {organizations.many && (
        <OrganizationFilter
          reach={organizations.reach as Exclude<OrganizationReach, 'own'>}
          value={filters.organizationId ?? null}
          onChange={(value) => setFilter('organizationId', value)}
        />
      )}
      <SortSelect
        sort={filters}
        rules={MY_TASKS_SORT_RULES}
        labels={organizations.many ? SORT_LABELS : SORT_LABELS_ONE_ORGANIZATION}
        onChange={setSort}
      />
    </>
  );

  return (
    <Stack gap="lg" ref={frame}>
      <Group justify="space-between" gap="sm">
        <Title order={1}>{UI_TEXT.myTasksTitle}</Title>
        <Group gap="sm">
          <TaskViewSwitch view={view} onChange={setView} />
          {!wide && (
            <FilterDrawer count={activeMyTasksFilters(filters)} onClear={clearFilters}>
              {fields}
            </FilterDrawer>
          )}
          <ExportCsvButton kind="tasks" query={filters} />
          <RefreshButton
            onRefresh={() => {
              void assigned.refetch();
              void created.refetch();
            }}
            refreshing={assigned.isRefetching || created.isRefetching}
          />
        </Group>
      </Group>
      {above}
      <Tabs value={filters.filter} onChange={(value) => value && setTab(value as MyTasksFilter)}>
        <Tabs.List>
          <Tabs.Tab value="assigned">Assigned to Me{count('assigned')}</Tabs.Tab>
          <Tabs.Tab value="created">Created by Me{count('created')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {wide && (
        <SimpleGrid cols={organizations.many ? 4 : 3} spacing="sm">
          {fields}
        </SimpleGrid>
      )}
      <TaskList
        tab={filters.filter}
        list={lists[filters.filter]}
        filtered={activeMyTasksFilters(filters) > 0}
        onClear={clearFilters}
        withOrganization={organizations.many}
        view={view}
      />
    </Stack>
  );
}

interface TaskListProps {
  tab: MyTasksFilter;
  list: ReturnType<typeof useMyTasks>;
  filtered: boolean;
  onClear: () => void;
  withOrganization: boolean;
  view: TaskView;
}

function TaskList({ tab, list, filtered, onClear, withOrganization, view }: TaskListProps) {
  if (list.isPending) return <PageLoader label={UI_TEXT.loadingTasks} />;
  if (list.isError) {
    return (
      <LoadError
        message={list.error.message || UI_TEXT.fetchTasksFailed}
        onRetry={() => list.refetch()}
        retrying={list.isFetching}
        retryLabel="Try Again"
      />
    );
  }
  if (list.data.items.length === 0) {
    return filtered ? (
      <NoMatches title={UI_TEXT.noTasksFound} text={UI_TEXT.noMatchingTasks} onClear={onClear} />
    ) : (
      <Stack align="center" gap={4} py="xl">
        <Text fw={600}>{UI_TEXT.noTasksFound}</Text>
        <Text c="dimmed" ta="center">
          {EMPTY_TEXT[tab]}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {view === 'board' ? (
        <MyTasksBoard tasks={list.data.items} label={UI_TEXT.myTasksTitle} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.data.items.map((task) => (
            <MyTaskCard key={task.id} task={task} filter={tab} withOrganization={withOrganization} />
          ))}
        </SimpleGrid>
      )}
      <LoadMore list={list} />
    </Stack>
  );
}
