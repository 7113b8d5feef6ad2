/**
 * The web app's reset page. A mailed link is `{APP_URL}/reset-password#token=…`: the token rides in
 * the fragment, which browsers never send to a server, so no request log or proxy sees it.
 * Kept apart from the schemas (no zod here), so the web app's first chunk can name the path.
 */
export const RESET_PASSWORD_PATH = '/reset-password';
export const RESET_TOKEN_PARAM = 'token';

/** App paths of the records people are told about (the web app's route table uses the same). */
export const recordPaths = {
  project: (projectId: string) => `/dashboard/projects/${encodeURIComponent(projectId)}`,
  objective: (projectId: string, objectiveId: string) =>
    `${recordPaths.project(projectId)}/objectives/${encodeURIComponent(objectiveId)}`,
  task: (projectId: string, objectiveId: string, taskId: string) =>
    `${recordPaths.objective(projectId, objectiveId)}/tasks/${encodeURIComponent(taskId)}`,
  /**
   * A task by its id alone, for where its full path (three ids) does not fit: an SMS. The web app
   * opens the task's page from it.
   */
  taskShort: (taskId: string) => `/dashboard/tasks/${encodeURIComponent(taskId)}`,
  ticket: (ticketId: string) => `/dashboard/tickets/${encodeURIComponent(ticketId)}`,
  conversation: (conversationId: string) => `/dashboard/messenger?c=${encodeURIComponent(conversationId)}`,
  /** A template's department in the library, where its templates are listed. */
  templateDepartment: (departmentId: string) => `/dashboard/templates/departments/${encodeURIComponent(departmentId)}`,
  /** One template, shown on its department's page (search opens a template here). */
  template: (departmentId: string, templateId: string) =>
    `${recordPaths.templateDepartment(departmentId)}?template=${encodeURIComponent(templateId)}`,
  /** The Team Members page showing one person: its search filter holding the person's e-mail. */
  person: (email: string) => `/dashboard/team?search=${encodeURIComponent(email)}`,
  /** The Sessions page with one meeting open. */
  session: (meetingId: string) => `/dashboard/sessions?session=${encodeURIComponent(meetingId)}`,
  organization: '/dashboard/organization',
  /** The admin's Backups page: the schedule and its last runs. */
  backups: '/dashboard/backups',
  /** Hours and invoices: submitted time waiting for approval, rates, invoices. */
  invoicing: '/dashboard/invoicing',
  /** Hours and invoices with one submitted period's tab open. */
  timeApprovals: '/dashboard/invoicing?tab=approvals',
  profile: '/dashboard/profile',
  notificationPreferences: '/dashboard/notifications',
  inbox: '/dashboard/notifications/inbox',
} as const;
