import { paths } from '@/lib/paths';

/**
 * The lists behind My work's counts, filtered as the block is (the filters the My Tasks and
 * Tickets pages read from their address).
 */
const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

export const myWorkLinks = {
  overdueTasks: withQuery(paths.myTasks, { due: 'overdue' }),
  tasksDueSoon: withQuery(paths.myTasks, { due: 'next_7_days' }),
  ticketsAssignedToMe: withQuery(paths.tickets, { assignedTo: 'me' }),
  unassignedTickets: withQuery(paths.tickets, { assignedTo: 'unassigned' }),
  ticketsBySlaDue: withQuery(paths.tickets, { sort: 'slaDue' }),
  openTickets: withQuery(paths.tickets, { status: 'open' }),
  messenger: paths.messenger,
  advisors: paths.smartAdvisors,
};
