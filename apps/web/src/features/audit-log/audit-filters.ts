import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_VIEWS,
  type AuditAction,
  type AuditView,
  auditViewOf,
  DEFAULT_AUDIT_VIEW,
} from '@smart/contracts';
import { dayParam, idParam, oneOf } from '@/lib/list-address';
import type { AuditLogFilter } from './api';

const GROUPS: { prefix: string; label: string }[] = [
  { prefix: 'member.', label: 'Members' },
  { prefix: 'advisor.', label: 'Advisors' },
  { prefix: 'organization.', label: 'Organization' },
  { prefix: 'export.', label: 'Exports' },
  { prefix: 'task.', label: 'Tasks' },
  { prefix: 'ticket.', label: 'Tickets' },
];

/** The action filter's choices in a view, grouped as people look for them (the exports view has one action). */
export const actionChoices = (view: AuditView) =>
  GROUPS.map((group) => ({
    group: group.label,
    items: AUDIT_ACTIONS.filter((action) => action.startsWith(group.prefix) && auditViewOf(action) === view).map(
      (action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }),
    ),
  })).filter((group) => group.items.length > 0);

/**
 * The filter the address holds (?organizationId&view&actorId&action&from&to); junk is left out.
 * Without a view, the action's (an old link to exports), else the changes; an action of another
 * view than the one named is dropped.
 */
export function readAuditFilter(params: URLSearchParams): AuditLogFilter & { view: AuditView } {
  const action = oneOf<AuditAction>(AUDIT_ACTIONS, params.get('action'));
  const view = oneOf<AuditView>(AUDIT_VIEWS, params.get('view')) ?? (action ? auditViewOf(action) : DEFAULT_AUDIT_VIEW);
  return {
    organizationId: idParam(params, 'organizationId'),
    view,
    actorId: idParam(params, 'actorId'),
    action: action && auditViewOf(action) === view ? action : undefined,
    from: dayParam(params, 'from'),
    to: dayParam(params, 'to'),
  };
}
