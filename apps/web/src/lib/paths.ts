import { RESET_PASSWORD_PATH, recordPaths } from '@smart/contracts';

/**
 * Every route path of the app, in one place, for links. The route table
 * (app/routes.ts) says which of them have a page and who may open it.
 */
export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: RESET_PASSWORD_PATH,
  dashboard: '/dashboard',
  profile: '/dashboard/profile',
  notifications: '/dashboard/notifications',
  /** One's personal API tokens. */
  apiTokens: '/dashboard/api-tokens',
  /** The notification inbox; the bell's panel shows its newest items. */
  notificationInbox: recordPaths.inbox,
  organization: '/dashboard/organization',
  /** The org_admin's organization tokens (reached from the organization page). */
  organizationApiTokens: '/dashboard/organization/api-tokens',
  team: '/dashboard/team',
  billing: '/dashboard/billing',
  departments: '/dashboard/departments',
  department: (departmentId: string) => `/dashboard/departments/${encodeURIComponent(departmentId)}`,
  teams: '/dashboard/teams',
  teamDetail: (teamId: string) => `/dashboard/teams/${encodeURIComponent(teamId)}`,
  projects: '/dashboard/projects',
  project: recordPaths.project,
  objective: recordPaths.objective,
  task: recordPaths.task,
  myTasks: '/dashboard/my-tasks',
  messenger: '/dashboard/messenger',
  /** The messenger opened on an organization's conversation (the advisor's Open Messenger). */
  messengerWith: (organizationId: string) => `/dashboard/messenger?org=${encodeURIComponent(organizationId)}`,
  /** The messenger with one conversation open. */
  conversation: recordPaths.conversation,
  templates: '/dashboard/templates',
  templateDepartment: recordPaths.templateDepartment,
  tickets: '/dashboard/tickets',
  ticket: recordPaths.ticket,
  smartAdvisors: '/dashboard/smart-advisors',
  organizations: '/dashboard/organizations',
  /** Meetings with an advisor, on the Sessions page; `?session=ID` opens one (recordPaths.session). */
  meetings: '/dashboard/sessions',
  /** One's hours per organization, week and month. */
  timesheet: '/dashboard/timesheet',
  /** Hours and Invoices: submitted time to approve (its first tab), invoices, rates and tax. */
  invoicing: recordPaths.invoicing,
  /** Hours and Invoices on one of its tabs. */
  invoicingTab: (tab: 'approvals' | 'invoices' | 'rates') => `${recordPaths.invoicing}?tab=${tab}`,
  /** One invoice: its lines, totals and files. */
  invoice: (invoiceId: string) => `${recordPaths.invoicing}/invoices/${encodeURIComponent(invoiceId)}`,
  auditLog: '/dashboard/audit-log',
  /** An organization's webhook endpoints; an admin's of every organization, `?organizationId` one. */
  webhooks: '/dashboard/webhooks',
  /** One endpoint and its delivery log; `?delivery=ID` opens one delivery. */
  webhook: (endpointId: string) => `/dashboard/webhooks/${encodeURIComponent(endpointId)}`,
  /** The admin's scheduled backups: the schedule and the last runs. */
  backups: recordPaths.backups,
  /** The admin's list of every API token; `?organizationId&kind` its filters. */
  allApiTokens: '/dashboard/all-api-tokens',
  /** An organization's work and support figures; `?from&to` the range, `?organizationId` an admin's choice. */
  analytics: '/dashboard/analytics',
  meeting: recordPaths.session,
  /** The advisor's week of meetings and its availability. */
  schedule: '/dashboard/schedule',
} as const;

/** Route patterns of the pages with a parameter, for the route table (paths.department(id) builds the links). */
export const routePatterns = {
  department: '/dashboard/departments/:departmentId',
  teamDetail: '/dashboard/teams/:teamId',
  project: '/dashboard/projects/:projectId',
  objective: '/dashboard/projects/:projectId/objectives/:objectiveId',
  task: '/dashboard/projects/:projectId/objectives/:objectiveId/tasks/:taskId',
  taskLink: '/dashboard/tasks/:taskId',
  ticket: '/dashboard/tickets/:ticketId',
  templateDepartment: '/dashboard/templates/departments/:departmentId',
  webhook: '/dashboard/webhooks/:endpointId',
  invoice: '/dashboard/invoicing/invoices/:invoiceId',
} as const;

/** True for the path itself and anything below it ('/dashboard/teams/42' is under '/dashboard/teams'). */
export function isPathUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}
