import { z } from 'zod';
import { MY_TASKS_FILTERS } from '../work.js';
import { idSchema } from './common.js';
import { userListQuery } from './structure.js';
import { ticketListQuery } from './tickets.js';
import { checkTimeEntryFilters, timeEntryFilters } from './time.js';
import { myTasksQuery, projectListQuery } from './work.js';

/**
 * The query of each CSV export: its list's filters and sort, without the page. The
 * schemas are the lists' own, so a filter the list refuses the export refuses the same way.
 */
const withoutPage = { page: true, limit: true } as const;

export const ticketExportQuery = ticketListQuery.omit(withoutPage);
export type TicketExportQuery = z.input<typeof ticketExportQuery>;

/**
 * Tasks: My Tasks' filters and sort over every task the caller reaches (an advisor's: those
 * assigned to it); `filter` (assigned, created) keeps the caller's own, as My Tasks' tabs do, and
 * a project or an objective narrows it to theirs.
 */
export const taskExportQuery = myTasksQuery.omit({ ...withoutPage, filter: true }).extend({
  filter: z.enum(MY_TASKS_FILTERS).optional(),
  projectId: idSchema.optional(),
  objectiveId: idSchema.optional(),
});
export type TaskExportQuery = z.input<typeof taskExportQuery>;

export const projectExportQuery = projectListQuery.omit(withoutPage);
export type ProjectExportQuery = z.input<typeof projectExportQuery>;

/** Members: the members list's (GET /api/users) organization, search and status. */
export const memberExportQuery = userListQuery.omit(withoutPage);
export type MemberExportQuery = z.input<typeof memberExportQuery>;

export const timeEntryExportQuery = checkTimeEntryFilters(timeEntryFilters);
export type TimeEntryExportQuery = z.input<typeof timeEntryExportQuery>;
