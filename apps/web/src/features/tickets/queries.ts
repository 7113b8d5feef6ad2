import { advisorEndpoints, TICKET_PAGE_SIZE, ticketEndpoints, UI_TEXT } from '@smart/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TicketFilters } from './ticket-filters';

/**
 * The tickets' reads as query options (key + fetcher), apart from the hooks and mutations: the
 * route table (app/routes.ts) starts a ticket's read when the navigation to its page starts, so
 * this module rides with the app's entry and stays small.
 */

// ---- requests -------------------------------------------------------------------------------

const getTicketPage = (filters: TicketFilters) =>
  api(
    ticketEndpoints.list,
    { query: { ...filters, limit: TICKET_PAGE_SIZE } },
    { failMessage: UI_TEXT.fetchTicketFailed },
  );

const getTicket = (ticketId: string) =>
  api(ticketEndpoints.get, { params: { id: ticketId } }, { failMessage: UI_TEXT.fetchTicketFailed });

/** The organization's active advisors, offered beside its people in the Assign Ticket dialog. */
const getActiveAdvisors = async (organizationId: string) => {
  const entries = await api(
    advisorEndpoints.listByOrganization,
    { params: { orgId: organizationId } },
    { failMessage: UI_TEXT.fetchOrganizationAdvisorsFailed },
  );
  return entries.filter((entry) => entry.isActive).map((entry) => entry.advisor);
};

// ---- queries --------------------------------------------------------------------------------

export const ticketQueries = {
  all: () => ['tickets'] as const,
  lists: () => [...ticketQueries.all(), 'list'] as const,
  list: (filters: TicketFilters) =>
    queryOptions({ queryKey: [...ticketQueries.lists(), filters], queryFn: () => getTicketPage(filters) }),
  detail: (ticketId: string) =>
    queryOptions({ queryKey: [...ticketQueries.all(), 'detail', ticketId], queryFn: () => getTicket(ticketId) }),
  advisors: (organizationId: string) =>
    queryOptions({
      queryKey: [...ticketQueries.all(), 'advisors', organizationId],
      queryFn: () => getActiveAdvisors(organizationId),
    }),
};
