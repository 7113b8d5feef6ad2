import {
  DEFAULT_TICKET_SORT,
  MAX_SEARCH_LENGTH,
  SLA_FILTERS,
  type SlaFilter,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_SORT_ORDERS,
  TICKET_SORTS,
  TICKET_STATUSES,
  type TicketCategory,
  type TicketPriority,
  type TicketSort,
  type TicketStatus,
} from '@smart/contracts';
import {
  idParam,
  type ListSort,
  oneOf,
  optional,
  pageParam,
  readSort,
  type SortRules,
  withFilters,
} from '@/lib/list-address';

/**
 * The tickets list's filters, sort and page, kept in the address's search params
 * (decision 0083) under the API's own names: `/dashboard/tickets?assignedTo=me&status=open&sort=priority`.
 */
export interface TicketFilters extends ListSort<TicketSort> {
  page: number;
  search?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  category?: TicketCategory;
  assignedTo?: 'me' | 'unassigned';
  createdBy?: 'me';
  organizationId?: string;
  /** Past a service-level target, or at risk of it. */
  sla?: SlaFilter;
}

export const TICKET_SORT_RULES: SortRules<TicketSort> = {
  keys: TICKET_SORTS,
  defaultSort: DEFAULT_TICKET_SORT,
  defaultOrders: TICKET_SORT_ORDERS,
};

/** The quick filters above the list (Linear's and Zammad's "my" views): one at a time. */
export const TICKET_VIEWS = ['all', 'assigned', 'created', 'unassigned'] as const;
export type TicketView = (typeof TICKET_VIEWS)[number];

export type TicketFilterName = 'search' | 'status' | 'priority' | 'category' | 'organizationId' | 'sla';

export function readTicketFilters(params: URLSearchParams): TicketFilters {
  const search = params.get('search')?.trim().slice(0, MAX_SEARCH_LENGTH);
  return {
    page: pageParam(params),
    ...readSort(params, TICKET_SORT_RULES),
    ...(search ? { search } : {}),
    ...optional('status', oneOf(TICKET_STATUSES, params.get('status'))),
    ...optional('priority', oneOf(TICKET_PRIORITIES, params.get('priority'))),
    ...optional('category', oneOf(TICKET_CATEGORIES, params.get('category'))),
    ...optional('assignedTo', oneOf(['me', 'unassigned'] as const, params.get('assignedTo'))),
    ...optional('createdBy', oneOf(['me'] as const, params.get('createdBy'))),
    ...optional('organizationId', idParam(params, 'organizationId')),
    ...optional('sla', oneOf(SLA_FILTERS, params.get('sla'))),
  };
}

/** Which quick filter the address holds. */
export function ticketView(filters: Pick<TicketFilters, 'assignedTo' | 'createdBy'>): TicketView {
  if (filters.createdBy === 'me') return 'created';
  if (filters.assignedTo === 'me') return 'assigned';
  if (filters.assignedTo === 'unassigned') return 'unassigned';
  return 'all';
}

const VIEW_PARAMS: Record<TicketView, { assignedTo: string | null; createdBy: string | null }> = {
  all: { assignedTo: null, createdBy: null },
  assigned: { assignedTo: 'me', createdBy: null },
  created: { assignedTo: null, createdBy: 'me' },
  unassigned: { assignedTo: 'unassigned', createdBy: null },
};

/** The params after the quick filter changes (back to page 1). */
export const withView = (params: URLSearchParams, view: TicketView) => withFilters(params, VIEW_PARAMS[view]);

/** The params after one filter changes (back to page 1); null clears it. */
export const withFilter = (params: URLSearchParams, name: TicketFilterName, value: string | null) =>
  withFilters(params, { [name]: value });

/** How many filters narrow the list besides the search (the phone's Filters button counts them). */
export function activeTicketFilters(filters: TicketFilters): number {
  const narrowing = [filters.status, filters.priority, filters.category, filters.organizationId, filters.sla];
  return narrowing.filter(Boolean).length + (ticketView(filters) === 'all' ? 0 : 1);
}

/** Any filter or search narrows the list: an empty answer then means "nothing matches", not "no tickets". */
export const isFiltered = (filters: TicketFilters) => Boolean(filters.search) || activeTicketFilters(filters) > 0;

/** The params with every filter and the search cleared, the sort kept. */
export const withoutFilters = (params: URLSearchParams) =>
  withFilters(params, {
    search: null,
    status: null,
    priority: null,
    category: null,
    organizationId: null,
    sla: null,
    ...VIEW_PARAMS.all,
  });
