import {
  DEFAULT_MY_TASKS_FILTER,
  DEFAULT_MY_TASKS_SORT,
  MY_TASKS_DUE,
  MY_TASKS_FILTERS,
  MY_TASKS_SORT_ORDERS,
  MY_TASKS_SORTS,
  type MyTasksDue,
  type MyTasksFilter,
  type MyTasksSort,
  TASK_STATUSES,
  type TaskStatus,
} from '@smart/contracts';
import { useAddressParams } from '@/lib/address-params';
import {
  idParam,
  type ListSort,
  oneOf,
  optional,
  readSort,
  type SortRules,
  withFilters,
  withSort,
} from '@/lib/list-address';

/**
 * My Tasks' tab, filters and sort, kept in the address under the API's own names:
 * `/dashboard/my-tasks?filter=created&status=in_progress&due=overdue&sort=priority`.
 */
export interface MyTasksFilters extends ListSort<MyTasksSort> {
  /** The tab: assigned to me or created by me (the API's `filter`). */
  filter: MyTasksFilter;
  status?: TaskStatus;
  due?: MyTasksDue;
  organizationId?: string;
}

export const MY_TASKS_SORT_RULES: SortRules<MyTasksSort> = {
  keys: MY_TASKS_SORTS,
  defaultSort: DEFAULT_MY_TASKS_SORT,
  defaultOrders: MY_TASKS_SORT_ORDERS,
};

export type MyTasksFilterName = 'status' | 'due' | 'organizationId';

export function readMyTasksFilters(params: URLSearchParams): MyTasksFilters {
  return {
    filter: oneOf(MY_TASKS_FILTERS, params.get('filter')) ?? DEFAULT_MY_TASKS_FILTER,
    ...readSort(params, MY_TASKS_SORT_RULES),
    ...optional('status', oneOf(TASK_STATUSES, params.get('status'))),
    ...optional('due', oneOf(MY_TASKS_DUE, params.get('due'))),
    ...optional('organizationId', idParam(params, 'organizationId')),
  };
}

/** How many filters narrow the lists (the phone's Filters button counts them). */
export const activeMyTasksFilters = (filters: MyTasksFilters) =>
  [filters.status, filters.due, filters.organizationId].filter(Boolean).length;

/**
 * The address's My Tasks filters and their setters: the list reads them, and so may any other view
 * of the same tasks (a board), which then shows what the list shows.
 */
export function useMyTasksFilters() {
  const [params, updateParams] = useAddressParams();
  const filters = readMyTasksFilters(params);
  return {
    filters,
    setTab: (tab: MyTasksFilter) =>
      updateParams((latest) => withFilters(latest, { filter: tab === DEFAULT_MY_TASKS_FILTER ? null : tab })),
    setFilter: (name: MyTasksFilterName, value: string | null) =>
      updateParams((latest) => withFilters(latest, { [name]: value })),
    setSort: (sort: ListSort<MyTasksSort>) => updateParams((latest) => withSort(latest, sort, MY_TASKS_SORT_RULES)),
    clearFilters: () =>
      updateParams((latest) => withFilters(latest, { status: null, due: null, organizationId: null })),
  };
}
