import { MESSAGES, type MyTasksQuery, taskEndpoints } from '@smart/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workKeys } from '@/lib/work-keys';

/** My Tasks (second document, section 7): one tab's tasks, filtered and sorted by the server (issue 25). */
function getMyTasks(query: MyTasksQuery) {
  return api(
    taskEndpoints.mine,
    { query },
    {
      failMessage: MESSAGES.fetchTasksFailed,
      networkErrorMessage: MESSAGES.fetchTasksNetworkError,
    },
  );
}

export const myTasksQueries = {
  // Under the work root: a task changed on its own page shows here when this page is opened again.
  list: (query: MyTasksQuery) =>
    queryOptions({ queryKey: [...workKeys.myTasks(), query], queryFn: () => getMyTasks(query) }),
};

/** One tab's tasks; the last answer stays on screen while a changed filter's loads. */
export const useMyTasks = (query: MyTasksQuery) =>
  useQuery({ ...myTasksQueries.list(query), placeholderData: keepPreviousData });
