import { useAddressParams } from '@/lib/address-params';
import { idParam, oneOf, withFilters } from '@/lib/list-address';

/**
 * Hours and Invoices keeps its tab and the organization looked at in the address (`?tab=`,
 * `?organizationId=`): a reload, the Back button or a notification's link shows the same view. The
 * organization stays as the tabs change: its waiting time, its invoices and its rates.
 */

export const INVOICING_TABS = ['approvals', 'invoices', 'rates'] as const;
export type InvoicingTab = (typeof INVOICING_TABS)[number];

export const readTab = (params: URLSearchParams): InvoicingTab =>
  oneOf(INVOICING_TABS, params.get('tab')) ?? 'approvals';

/** The organization in the address, and a setter that keeps the rest of it (the tab, a status filter). */
export function useOrganizationParam(): [string | undefined, (organizationId: string | null) => void] {
  const [params, updateParams] = useAddressParams();
  const choose = (organizationId: string | null) =>
    updateParams((latest) => withFilters(latest, { organizationId }), { replace: true });
  return [idParam(params, 'organizationId'), choose];
}
