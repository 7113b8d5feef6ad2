import { UI_TEXT } from '@smart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { schedulingQueries } from './api';

/**
 * What a failed booking or move says. A time someone took meanwhile (409) also refreshes every
 * week of free times on screen, so the taken one disappears and another can be chosen.
 */
export function useBookingFailure() {
  const queryClient = useQueryClient();
  return (error: Error): { taken: boolean; message: string } => {
    if (!(error instanceof ApiError && error.status === 409)) return { taken: false, message: error.message };
    void queryClient.invalidateQueries({ queryKey: [...schedulingQueries.all(), 'slots'] });
    return { taken: true, message: UI_TEXT.meetingTimeTakenRefreshed };
  };
}
