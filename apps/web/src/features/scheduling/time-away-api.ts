import { type CreateTimeAwayBody, timeAwayEndpoints, UI_TEXT } from '@smart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The signed-in advisor's time away (what has not ended). */

const timeAwayKey = ['time-away', 'me'] as const;

export function useTimeAway() {
  return useQuery({
    queryKey: timeAwayKey,
    queryFn: () =>
      api(timeAwayEndpoints.list, { params: { advisorId: 'me' } }, { failMessage: UI_TEXT.fetchTimeAwayFailed }),
  });
}

export function useCreateTimeAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTimeAwayBody) =>
      api(timeAwayEndpoints.create, { params: { advisorId: 'me' }, body }, { failMessage: UI_TEXT.saveTimeAwayFailed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeAwayKey }),
  });
}

export function useDeleteTimeAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(timeAwayEndpoints.remove, { params: { advisorId: 'me', id } }, { failMessage: UI_TEXT.deleteTimeAwayFailed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeAwayKey }),
  });
}
