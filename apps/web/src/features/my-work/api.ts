import { MY_WORK_TEXT, myWorkEndpoints } from '@smart/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { today } from '@/lib/work-format';

/** The dashboard's "My work": one request for the person's blocks, one for an admin's figures. */
export const myWorkKeys = {
  all: ['my-work'] as const,
  mine: (day: string) => [...myWorkKeys.all, 'mine', day] as const,
  platform: () => [...myWorkKeys.all, 'platform'] as const,
};

export const myWorkQueries = {
  // Read again each time the dashboard opens: a task or ticket changed on its page shows at once.
  mine: (day: string) =>
    queryOptions({
      queryKey: myWorkKeys.mine(day),
      queryFn: () => api(myWorkEndpoints.mine, { query: { today: day } }, { failMessage: MY_WORK_TEXT.loadFailed }),
      staleTime: 0,
    }),
  platform: () =>
    queryOptions({
      queryKey: myWorkKeys.platform(),
      queryFn: () => api(myWorkEndpoints.platform, {}, { failMessage: MY_WORK_TEXT.loadFailed }),
      staleTime: 0,
    }),
};

/** The browser's today decides what is overdue, as the task badges do. */
export const useMyWork = () => useQuery(myWorkQueries.mine(today()));
export const usePlatformFigures = () => useQuery(myWorkQueries.platform());
