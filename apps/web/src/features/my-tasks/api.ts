import { MESSAGES, type MyTask, type MyTasksFilter } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { withQuery } from '@/lib/paged-list';
import { workKeys } from '@/lib/work-keys';

/** GET /api/tasks/my-tasks (second document, section 7): one tab's tasks, ordered by due date. */
function getMyTasks(filter: MyTasksFilter) {
  return apiClient.get<MyTask[]>(withQuery('/api/tasks/my-tasks', { filter }), {
    failMessage: MESSAGES.fetchTasksFailed,
    networkErrorMessage: MESSAGES.fetchTasksNetworkError,
  });
}

export const myTasksQueries = {
  // Under the work root: a task changed on its own page shows here when this page is opened again.
  list: (filter: MyTasksFilter) =>
    queryOptions({ queryKey: [...workKeys.myTasks(), filter], queryFn: () => getMyTasks(filter) }),
};

export const useMyTasks = (filter: MyTasksFilter) => useQuery(myTasksQueries.list(filter));
