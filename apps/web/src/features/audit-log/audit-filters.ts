import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '@smart/contracts';
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

/** The action filter's choices, grouped as people look for them. */
export const ACTION_CHOICES = GROUPS.map((group) => ({
  group: group.label,
  items: AUDIT_ACTIONS.filter((action) => action.startsWith(group.prefix)).map((action) => ({
    value: action,
    label: AUDIT_ACTION_LABELS[action],
  })),
}));

/** The filter the address holds (?organizationId&actorId&action&from&to); junk is left out. */
export function readAuditFilter(params: URLSearchParams): AuditLogFilter {
  return {
    organizationId: idParam(params, 'organizationId'),
    actorId: idParam(params, 'actorId'),
    action: oneOf<AuditAction>(AUDIT_ACTIONS, params.get('action')),
    from: dayParam(params, 'from'),
    to: dayParam(params, 'to'),
  };
}
