import { MY_TASKS_PAGE_SIZE, type MyTasksQuery, taskEndpoints, UI_TEXT } from '@smart/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedListOptions } from '@/lib/paged-list';
import { workKeys } from '@/lib/work-keys';

/** My Tasks: one page of one tab's tasks, filtered and sorted by the server. */
const getMyTasksPage = (query: MyTasksQuery) => (page: number, limit: number) =>
  api(
    taskEndpoints.mine,
    { query: { ...query, page, limit } },
    {
      failMessage: UI_TEXT.fetchTasksFailed,
      networkErrorMessage: UI_TEXT.fetchTasksNetworkError,
    },
  );

export const myTasksQueries = {
  // Under the work root: a task changed on its own page shows here when this page is opened again.
  list: (query: MyTasksQuery) =>
    pagedListOptions([...workKeys.myTasks(), query], getMyTasksPage(query), MY_TASKS_PAGE_SIZE),
};

/**
 * One tab's tasks, a page at a time (Load more), with their count; the last answer stays on screen
 * while a changed filter's loads.
 */
export const useMyTasks = (query: MyTasksQuery) =>
  useInfiniteQuery({ ...myTasksQueries.list(query), placeholderData: keepPreviousData });
