import { MY_TASKS_DUE_SOON_DAYS } from './work.js';

/**
 * "My work" on the dashboard: what is waiting for the signed-in person, and for an
 * admin the platform's figures. Figures and texts shared by the server and the web app.
 */

/** Rows shown per block; the block's count says how many more there are. */
export const MY_WORK_ITEMS = 5;

/**
 * A task is due soon in this many days from today on, today included (overdue ones come first):
 * the same window as My Tasks' "Due in the next 7 days" filter, which the block's link opens.
 */
export const DUE_SOON_DAYS = MY_TASKS_DUE_SOON_DAYS;

export const MY_WORK_TEXT = {
  title: 'My work',
  tasksTitle: 'Due soon and overdue',
  ticketsTitle: 'Tickets waiting for me',
  conversationsTitle: 'Unread conversations',
  platformTitle: 'The platform',
  noTasks: `Nothing due — no task of yours is overdue or due in the next ${DUE_SOON_DAYS} days.`,
  noTickets: 'Nothing waiting — no open ticket is assigned to you.',
  noTicketsHandler: 'Nothing waiting — no open ticket is assigned to you or unassigned.',
  noConversations: 'All read — no conversation has new messages.',
  loadFailed: 'Failed to load your work',
  loading: 'Loading your work...',
} as const;
