import {
  type CreateTimeEntryBody,
  timeEntryEndpoints as endpoints,
  formatMinutes,
  TIMER_EVENTS,
  type TimeRecordType,
  type TimeSummaryType,
  UI_TEXT,
  type UpdateTimeEntryBody,
} from '@smart/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, urlOf } from '@/lib/api-client';
import { type AppSocket, listen } from '@/lib/socket-events';

/** Time entries, the timer and the timesheet. */

export interface TimeRecordRef {
  recordType: TimeRecordType;
  recordId: string;
}

export const timeKeys = {
  all: ['time'] as const,
  timer: () => [...timeKeys.all, 'timer'] as const,
  summary: (type: TimeSummaryType, id: string) => [...timeKeys.all, 'summary', type, id] as const,
  entries: (record: TimeRecordRef) => [...timeKeys.all, 'entries', record.recordType, record.recordId] as const,
  timesheet: (from: string, to: string) => [...timeKeys.all, 'timesheet', from, to] as const,
};

export const timeQueries = {
  timer: () =>
    queryOptions({
      queryKey: timeKeys.timer(),
      queryFn: () => api(endpoints.timer, {}, { failMessage: UI_TEXT.fetchTimeEntriesFailed }),
    }),
  summary: (recordType: TimeSummaryType, recordId: string) =>
    queryOptions({
      queryKey: timeKeys.summary(recordType, recordId),
      queryFn: () =>
        api(endpoints.summary, { query: { recordType, recordId } }, { failMessage: UI_TEXT.fetchTimeEntriesFailed }),
    }),
  entries: (record: TimeRecordRef) =>
    queryOptions({
      queryKey: timeKeys.entries(record),
      queryFn: () =>
        api(endpoints.list, { query: { ...record, limit: 100 } }, { failMessage: UI_TEXT.fetchTimeEntriesFailed }),
    }),
  timesheet: (from: string, to: string) =>
    queryOptions({
      queryKey: timeKeys.timesheet(from, to),
      queryFn: () => api(endpoints.timesheet, { query: { from, to } }, { failMessage: UI_TEXT.fetchTimeEntriesFailed }),
      placeholderData: keepPreviousData,
    }),
};

export const useRunningTimer = () => useQuery(timeQueries.timer());
export const useTimeSummary = (type: TimeSummaryType, id: string) => useQuery(timeQueries.summary(type, id));
export const useTimeEntries = (record: TimeRecordRef) => useQuery(timeQueries.entries(record));
/** `enabled` false: a range the server would refuse is not asked for (the page shows why). */
export const useTimesheet = (from: string, to: string, enabled = true) =>
  useQuery({ ...timeQueries.timesheet(from, to), enabled });

/** After any change of time: the timer, every total, list and timesheet are read again. */
function useTimeChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

export const useStartTimer = () =>
  useTimeChange((record: TimeRecordRef) => api(endpoints.startTimer, { body: record }));
export const useStopTimer = () => useTimeChange(() => api(endpoints.stopTimer, {}));
export const useDiscardTimer = () => useTimeChange(() => api(endpoints.discardTimer, {}));
export const useAddTime = () => useTimeChange((body: CreateTimeEntryBody) => api(endpoints.create, { body }));
export const useUpdateTime = () =>
  useTimeChange(({ id, body }: { id: string; body: UpdateTimeEntryBody }) =>
    api(endpoints.update, { params: { id }, body }),
  );
export const useDeleteTime = () => useTimeChange((id: string) => api(endpoints.remove, { params: { id } }));

/**
 * Keeps one's timer the same on every tab and device: the server tells the person's other
 * connections when it starts, stops or is discarded (timer_changed), and the timer is read again
 * (after a stop, the totals and entries too: it made one). So it is after the connection comes
 * back, as an event sent meanwhile reached no one. Mounted once, by the page frame.
 */
export function useLiveTimer(socket: AppSocket | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const readTimer = () => void queryClient.invalidateQueries({ queryKey: timeKeys.timer() });
    return listen(
      socket,
      {
        [TIMER_EVENTS.changed]: ({ change }) =>
          void queryClient.invalidateQueries({ queryKey: change === 'stopped' ? timeKeys.all : timeKeys.timer() }),
      },
      readTimer,
    );
  }, [socket, queryClient]);
}

/** The timesheet's CSV (downloaded with the session's token: components/DownloadButton.tsx). */
export const timesheetCsvUrl = (from: string, to: string, organizationId?: string) =>
  urlOf(endpoints.timesheetCsv, { query: { from, to, ...(organizationId && { organizationId }) } });

/** One organization's PDF statement between two days, saved as the CSV is. */
export const timesheetPdfUrl = (from: string, to: string, organizationId: string) =>
  urlOf(endpoints.timesheetPdf, { query: { from, to, organizationId } });

/** "Time: 2 h 45 min (2 h billable)" for a record's facts line; none until known, nor while it is zero. */
export function useTimeFact(type: TimeSummaryType, id: string): string[] {
  const { data } = useTimeSummary(type, id);
  if (!data || data.minutes === 0) return [];
  return [`Time: ${formatMinutes(data.minutes)} (${formatMinutes(data.billableMinutes)} billable)`];
}
