import { formatDateOnly } from './format.js';
import { TIME_APPROVAL_STATUS_LABELS, type TimeApprovalStatus } from './invoicing.js';
import { isRole, ROLE_LABELS } from './roles.js';
import { TICKET_ACTIVITY_KINDS, ticketValueLabel } from './tickets.js';
import { priorityLabel, progressLabel, TASK_ACTIVITY_KINDS, workStatusLabel } from './work.js';

/**
 * The audit log: who changed what across an organization, written in the transaction
 * of each change and never edited. Its own events, plus the task and ticket histories read
 * through the same list (`task.<kind>`, `ticket.<kind>`).
 */
export const AUDIT_EVENT_ACTIONS = [
  'member.added',
  'member.role_changed',
  'member.department_changed',
  'member.deactivated',
  'member.reactivated',
  'member.moved',
  'member.two_factor_reset',
  'advisor.assigned',
  'advisor.paused',
  'advisor.resumed',
  'advisor.removed',
  'organization.created',
  'organization.settings_changed',
  'organization.closed',
  'organization.reopened',
  'organization.two_factor_required',
  'organization.erased',
  'export.created',
  'api_token.created',
  'api_token.revoked',
  'webhook.created',
  'webhook.deleted',
  'webhook.secret_rotated',
  'time.approved',
  'time.returned',
  'time.reopened',
  'rate.set',
  'rate.deleted',
  'invoicing.settings_changed',
  'invoice.issued',
] as const;
export type AuditEventAction = (typeof AUDIT_EVENT_ACTIONS)[number];

export const AUDIT_ACTIONS = [
  ...AUDIT_EVENT_ACTIONS,
  ...TASK_ACTIVITY_KINDS.map((kind) => `task.${kind}` as const),
  ...TICKET_ACTIVITY_KINDS.map((kind) => `ticket.${kind}` as const),
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit line is about: the record it names (its label is kept as it was then). */
export const AUDIT_TARGET_TYPES = [
  'member',
  'advisor',
  'organization',
  'export',
  'task',
  'ticket',
  'api_token',
  'webhook',
  'time_period',
  'rate',
  'invoice',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * The log's two views (decision 0200): its changes (every action but exports; the default, so an
 * export flood never hides a role change) and its exports. An action filter belongs to one view.
 */
export const AUDIT_VIEWS = ['changes', 'exports'] as const;
export type AuditView = (typeof AUDIT_VIEWS)[number];
export const DEFAULT_AUDIT_VIEW: AuditView = 'changes';
export const AUDIT_VIEW_LABELS: Record<AuditView, string> = { changes: 'Changes', exports: 'Exports' };
/** The view an action's lines show in. */
export const auditViewOf = (action: AuditAction): AuditView => (action === 'export.created' ? 'exports' : 'changes');

/**
 * Identical exports (one person, one file, the same filters) within this many minutes of the
 * first are one line counting them (decision 0199).
 */
export const AUDIT_REPEAT_WINDOW_MINUTES = 10;

export const AUDIT_PAGE_SIZE = 50;
/**
 * How deep pages reach into one filter's lines: a page is chosen among each source's newest lines,
 * so reading deeper costs more; older lines are one date filter or the CSV export away.
 */
export const AUDIT_MAX_DEPTH = 10_000;
export const AUDIT_MAX_PAGE_SIZE = 100;
/** The label and values an event keeps: a name, a role, a setting's value. */
export const MAX_AUDIT_TEXT_LENGTH = 500;

/** How each action reads in the list ("Role changed"). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'member.added': 'Member added',
  'member.role_changed': 'Role changed',
  'member.department_changed': 'Department changed',
  'member.deactivated': 'Member deactivated',
  'member.reactivated': 'Member reactivated',
  'member.moved': 'Member moved to another organization',
  'member.two_factor_reset': 'Two-factor sign-in reset',
  'advisor.assigned': 'Advisor assigned',
  'advisor.paused': 'Advisor assignment paused',
  'advisor.resumed': 'Advisor assignment resumed',
  'advisor.removed': 'Advisor removed',
  'organization.created': 'Organization created',
  'organization.settings_changed': 'Organization settings changed',
  'organization.closed': 'Organization closed',
  'organization.reopened': 'Organization reopened',
  'organization.two_factor_required': 'Two-factor requirement changed',
  'organization.erased': 'Organization erased',
  'export.created': 'Data exported',
  'api_token.created': 'API token created',
  'api_token.revoked': 'API token revoked',
  'webhook.created': 'Webhook endpoint added',
  'webhook.deleted': 'Webhook endpoint deleted',
  'webhook.secret_rotated': 'Webhook signing secret rotated',
  'time.approved': 'Time approved',
  'time.returned': 'Time returned',
  'time.reopened': 'Approved time reopened',
  'rate.set': 'Hourly rate set',
  'rate.deleted': 'Hourly rate deleted',
  'invoicing.settings_changed': 'Invoice settings changed',
  'invoice.issued': 'Invoice issued',
  'task.created': 'Task created',
  'task.title': 'Task renamed',
  'task.status': 'Task status changed',
  'task.progress': 'Task progress changed',
  'task.assignee': 'Task assignee changed',
  'task.due_date': 'Task due date changed',
  'task.priority': 'Task priority changed',
  'task.description': 'Task description changed',
  'task.comment': 'Task comment',
  'task.attachment_added': 'Task file added',
  'task.attachment_removed': 'Task file removed',
  'task.recurrence': 'Task repeat changed',
  'ticket.created': 'Ticket created',
  'ticket.title': 'Ticket renamed',
  'ticket.description': 'Ticket description changed',
  'ticket.status': 'Ticket status changed',
  'ticket.priority': 'Ticket priority changed',
  'ticket.category': 'Ticket category changed',
  'ticket.assignee': 'Ticket assignee changed',
  'ticket.comment': 'Ticket comment',
  'ticket.attachment_added': 'Ticket file added',
  'ticket.attachment_removed': 'Ticket file removed',
};

/**
 * A line's value (its `from` or `to`) in the words the rest of the app uses (decision 0200): a
 * role 'Organization Admin', a task's status 'In Progress', progress '100%', a ticket's category
 * 'Feature request', a due date 08/01/2031. The log keeps the stored value; the page and its CSV
 * show this. A value the action does not name a kind of (a name, a setting) stays as it is.
 */
export function auditValueText(action: AuditAction, value: string): string {
  switch (action) {
    case 'member.added':
    case 'member.role_changed':
      return isRole(value) ? ROLE_LABELS[value] : value;
    case 'task.status':
      return workStatusLabel(value);
    case 'task.progress':
      return /^\d+$/.test(value) ? progressLabel(value) : value;
    case 'task.priority':
      return priorityLabel(value);
    case 'task.due_date':
      return formatDateOnly(value) ?? value;
    case 'ticket.status':
    case 'ticket.priority':
    case 'ticket.category':
      return ticketValueLabel(value);
    case 'time.approved':
    case 'time.returned':
    case 'time.reopened':
      // From a status to the new one, or to the org_admin's comment.
      return value in TIME_APPROVAL_STATUS_LABELS ? TIME_APPROVAL_STATUS_LABELS[value as TimeApprovalStatus] : value;
    default:
      return value;
  }
}
