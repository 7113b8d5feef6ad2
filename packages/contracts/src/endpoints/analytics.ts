import { ANALYTICS_DEFAULT_WEEKS, ANALYTICS_PROJECTS_SHOWN, MAX_ANALYTICS_DAYS } from '../analytics.js';
import { endpoint } from '../endpoint.js';
import { analyticsQuery, analyticsSchema } from '../schemas/analytics.js';
import { envelope, errorResponse } from '../schemas/common.js';

const tags = ['Analytics'];

/** The analytics page: one request, a handful of SQL statements whatever the data. */
export const analyticsEndpoints = {
  read: endpoint({
    method: 'GET',
    path: '/api/analytics',
    operationId: 'getAnalytics',
    scope: 'time_entries:read',
    tags,
    summary:
      "An organization's work and support figures between two days (flag canManageAnalytics: an org_admin its own organization's, an admin any organization's or the whole platform's)",
    description: [
      `Days and weeks (from Monday) are the caller's, in its profile time zone; the range is at most ${MAX_ANALYTICS_DAYS} days, by default this week and the ${ANALYTICS_DEFAULT_WEEKS - 1} before it.`,
      'Tasks completed: the tasks whose history records a move to completed in that week (a task completed again after a reopening counts again).',
      'Tickets resolved: by the time a ticket was resolved (or closed, if it never was resolved); a reopened ticket is not resolved. First response: the first comment on a ticket, or change of its status, by someone other than its creator. The medians are over the tickets opened in the range that have one.',
      `Project progress: the open projects (not completed or cancelled), soonest due first, undated last, at most ${ANALYTICS_PROJECTS_SHOWN}; \`projects.total\` counts them all.`,
      "Advisor hours: the time advisors recorded on the organization's tasks and tickets, per month of the range.",
    ].join(' '),
    query: analyticsQuery,
    responses: { 200: envelope(analyticsSchema), 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
};
