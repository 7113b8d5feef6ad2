import {
  type CreateInvoiceBody,
  invoiceEndpoints as endpoints,
  INVOICE_PAGE_SIZE,
  type InvoiceStatus,
  type InvoiceSummary,
  type InvoicingSettingsBody,
  type SetRateBody,
  UI_TEXT,
} from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, urlOf } from '@/lib/api-client';
import { pagedListOptions, usePagedList } from '@/lib/paged-list';
import { invoiceKeyRoot } from '@/lib/time-approvals';

/**
 * An organization's invoicing terms (currency, tax rate, its advisors' hourly rates) and its monthly
 * invoices (decision 0290). A draft is computed from the approved hours and the rates as they are
 * now, so a change of rate or terms reads the invoices again too.
 */

export interface InvoiceFilter {
  organizationId?: string | undefined;
  status?: InvoiceStatus | undefined;
}

export const invoiceKeys = {
  all: invoiceKeyRoot,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (filter: InvoiceFilter) => [...invoiceKeys.lists(), filter] as const,
  detail: (invoiceId: string) => [...invoiceKeys.all, 'detail', invoiceId] as const,
};

const termsKeys = {
  all: ['invoicing-terms'] as const,
  settings: (organizationId: string) => [...termsKeys.all, 'settings', organizationId] as const,
  rates: (organizationId: string) => [...termsKeys.all, 'rates', organizationId] as const,
};

const fetchFailed = { failMessage: UI_TEXT.fetchInvoicesFailed };

export const useInvoices = (filter: InvoiceFilter) =>
  usePagedList(
    pagedListOptions<InvoiceSummary>(
      invoiceKeys.list(filter),
      (page, limit) => api(endpoints.list, { query: { page, limit, ...filter } }, fetchFailed),
      INVOICE_PAGE_SIZE,
    ),
  );

export const invoiceQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(invoiceId),
    queryFn: () => api(endpoints.get, { params: { id: invoiceId } }, fetchFailed),
  });

export const useInvoice = (invoiceId: string) => useQuery(invoiceQuery(invoiceId));

export const useInvoicingSettings = (organizationId: string | null) =>
  useQuery({
    queryKey: termsKeys.settings(organizationId ?? ''),
    queryFn: () => api(endpoints.settings, { params: { id: organizationId ?? '' } }, fetchFailed),
    enabled: organizationId !== null,
  });

export const useRates = (organizationId: string | null) =>
  useQuery({
    queryKey: termsKeys.rates(organizationId ?? ''),
    queryFn: () => api(endpoints.rates, { params: { id: organizationId ?? '' } }, fetchFailed),
    enabled: organizationId !== null,
  });

/** After a change of terms or invoices: the terms and every invoice (drafts are priced with them) are read again. */
function useInvoicingChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([termsKeys.all, invoiceKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useSaveInvoicingSettings = (organizationId: string) =>
  useInvoicingChange((body: InvoicingSettingsBody) =>
    api(endpoints.saveSettings, { params: { id: organizationId }, body }),
  );

export const useSetRate = (organizationId: string) =>
  useInvoicingChange((body: SetRateBody) => api(endpoints.setRate, { params: { id: organizationId }, body }));

export const useDeleteRate = (organizationId: string) =>
  useInvoicingChange((rateId: string) => api(endpoints.deleteRate, { params: { id: organizationId, rateId } }));

export const useCreateInvoice = () => useInvoicingChange((body: CreateInvoiceBody) => api(endpoints.create, { body }));

export const useIssueInvoice = () =>
  useInvoicingChange((invoiceId: string) => api(endpoints.issue, { params: { id: invoiceId } }));

/** Deleting a draft: only the lists are read again; its own page is left (reading it again would answer 404). */
export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => api(endpoints.remove, { params: { id: invoiceId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
  });
}

/** The invoice's PDF and CSV (downloaded with the session's token: components/DownloadButton.tsx). */
export const invoiceFiles = (invoiceId: string) => ({
  pdf: urlOf(endpoints.pdf, { params: { id: invoiceId } }),
  csv: urlOf(endpoints.csv, { params: { id: invoiceId } }),
});
