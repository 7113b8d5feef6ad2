import { MESSAGES, type MyTasksFilter, taskEndpoints } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workKeys } from '@/lib/work-keys';

/** My Tasks (second document, section 7): one tab's tasks, ordered by due date. */
function getMyTasks(filter: MyTasksFilter) {
  return api(
    taskEndpoints.mine,
    { query: { filter } },
    {
      failMessage: MESSAGES.fetchTasksFailed,
      networkErrorMessage: MESSAGES.fetchTasksNetworkError,
    },
  );
}

export const myTasksQueries = {
  // Under the work root: a task changed on its own page shows here when this page is opened again.
  list: (filter: MyTasksFilter) =>
    queryOptions({ queryKey: [...workKeys.myTasks(), filter], queryFn: () => getMyTasks(filter) }),
};

export const useMyTasks = (filter: MyTasksFilter) => useQuery(myTasksQueries.list(filter));
