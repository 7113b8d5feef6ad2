import {
  MAX_SEARCH_LENGTH,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@smart/contracts';

/**
 * The tickets list's filters and page, kept in the address's search params so that a reload or a
 * shared link shows the same page (issue 12). Unknown or malformed values read as "no filter".
 */
export interface TicketFilters {
  page: number;
  search?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  category?: TicketCategory;
}

export type TicketFilterName = 'search' | 'status' | 'priority' | 'category';

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

export function readTicketFilters(params: URLSearchParams): TicketFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const search = params.get('search')?.trim().slice(0, MAX_SEARCH_LENGTH);
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    ...(search ? { search } : {}),
    ...optional('status', oneOf(TICKET_STATUSES, params.get('status'))),
    ...optional('priority', oneOf(TICKET_PRIORITIES, params.get('priority'))),
    ...optional('category', oneOf(TICKET_CATEGORIES, params.get('category'))),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/** The params after a filter changes: the list goes back to page 1 (section 9). */
export function withFilter(params: URLSearchParams, name: TicketFilterName, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  next.delete('page');
  return next;
}

/** The params showing another page; page 1 is the address without one. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}
