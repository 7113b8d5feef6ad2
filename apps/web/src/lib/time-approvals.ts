import {
  timeApprovalEndpoints as endpoints,
  periodEnd,
  periodLabel,
  type SubmitTimeBody,
  TIME_APPROVAL_PAGE_SIZE,
  type TimeApproval,
  type TimeApprovalStatus,
  type TimePeriodKind,
  UI_TEXT,
} from '@smart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { pagedListOptions, usePagedList } from './paged-list';
import { timeKeys } from './time-entries';

/**
 * Submitted time and its approval (decision 0290): the Timesheet submits and withdraws an
 * advisor's weeks and months, Hours and Invoices approves, returns and reopens them. Shared here
 * because both pages read and change the same periods.
 */

/**
 * The invoices' cache keys start here: what approving or returning time changes (a draft's lines,
 * its time not approved yet) is read again. The invoicing feature builds its keys on it.
 */
export const invoiceKeyRoot = ['invoices'] as const;

export interface ApprovalFilter {
  status?: TimeApprovalStatus | undefined;
  organizationId?: string | undefined;
}

export const approvalKeys = {
  all: ['time-approvals'] as const,
  list: (filter: ApprovalFilter) => [...approvalKeys.all, 'list', filter] as const,
  organization: (organizationId: string) => [...approvalKeys.all, 'organization', organizationId] as const,
};

/** Hours and Invoices' list: waiting first, a page at a time. */
export const useTimeApprovals = (filter: ApprovalFilter) =>
  usePagedList(
    pagedListOptions<TimeApproval>(
      approvalKeys.list(filter),
      (page, limit) =>
        api(endpoints.list, { query: { page, limit, ...filter } }, { failMessage: UI_TEXT.fetchTimeApprovalsFailed }),
      TIME_APPROVAL_PAGE_SIZE,
    ),
  );

/** The periods readable in one organization (an advisor's own), newest 100: the Timesheet matches its rows to them. */
export const useOrganizationPeriods = (organizationId: string, enabled: boolean) =>
  useQuery({
    queryKey: approvalKeys.organization(organizationId),
    queryFn: async () =>
      (
        await api(
          endpoints.list,
          { query: { organizationId, limit: 100 } },
          { failMessage: UI_TEXT.fetchTimeApprovalsFailed },
        )
      ).data,
    enabled,
  });

/**
 * After a period changes: the periods, the entries (they lock and open with it) and the invoices
 * (a draft holds approved time only) are read again.
 */
function usePeriodChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all(
        [approvalKeys.all, timeKeys.all, invoiceKeyRoot].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export const useSubmitTime = () => usePeriodChange((body: SubmitTimeBody) => api(endpoints.submit, { body }));
export const useWithdrawTime = () => usePeriodChange((id: string) => api(endpoints.withdraw, { params: { id } }));
export const useApproveTime = () => usePeriodChange((id: string) => api(endpoints.approve, { params: { id } }));
export const useReturnTime = () =>
  usePeriodChange(({ id, comment }: { id: string; comment: string }) =>
    api(endpoints.return, { params: { id }, body: { comment } }),
  );
export const useReopenTime = () =>
  usePeriodChange(({ id, comment }: { id: string; comment: string }) =>
    api(endpoints.reopen, { params: { id }, body: { comment } }),
  );

/** "Week of Oct 5, 2026", "October 2026": a period as a heading or a row names it. */
export function periodName(kind: TimePeriodKind, start: string): string {
  const label = periodLabel(kind, start).replace(/^the /, '');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A period as the Timesheet's rows name it: its kind and first day. */
export interface PeriodRef {
  kind: TimePeriodKind;
  start: string;
}

/** The Timesheet's row's own period, or a submitted or approved one around or across it. */
export type PeriodState =
  | { match: 'own'; period: TimeApproval }
  | { match: 'covered'; period: TimeApproval }
  | { match: 'none' };

/**
 * What the Timesheet shows beside a week or a month: its own submission when there is one; else a
 * submitted or approved period it overlaps (a week inside an approved month), which the server
 * would refuse to take again; else nothing yet.
 */
export function periodStateOf(ref: PeriodRef, periods: readonly TimeApproval[]): PeriodState {
  const own = periods.find((period) => period.kind === ref.kind && period.start === ref.start);
  if (own) return { match: 'own', period: own };
  const end = periodEnd(ref.kind, ref.start);
  const covering = periods.find(
    (period) =>
      (period.status === 'submitted' || period.status === 'approved') && period.start <= end && period.end >= ref.start,
  );
  return covering ? { match: 'covered', period: covering } : { match: 'none' };
}

/** Asked before submitting: the period's entries lock while it waits. */
export const submitQuestion = (ref: PeriodRef, organizationName: string) =>
  `Submit ${periodLabel(ref.kind, ref.start)} in ${organizationName} for approval? Its entries lock until it is approved or returned; you can withdraw it until it is approved.`;

/** Asked before withdrawing: the period stops waiting and its entries open again. */
export const withdrawQuestion = (ref: PeriodRef) =>
  `Withdraw ${periodLabel(ref.kind, ref.start)}? It is no longer waiting for approval, and its entries can change again.`;
