import type { AuditEventAction, Role } from '@smart/contracts';
import { type AuditEvent, personLabel } from '../../lib/audit.js';
import type { UserRecord } from './presenter.js';

/** What a member's audit lines name: the person, as they were called then. */
export const memberTarget = (user: UserRecord['user']) =>
  ({ type: 'member', id: user.id, label: personLabel(user) }) as const;

/** One line about a member of its organization (none for a user without one). */
export function memberEvent(record: UserRecord, action: AuditEventAction): AuditEvent[] {
  const { organizationId } = record.user;
  return organizationId ? [{ organizationId, action, target: memberTarget(record.user) }] : [];
}

/** The lines of a member's edit: its role and its department, each when it changed. */
export function memberChanges(
  record: UserRecord,
  change: { role?: Role | undefined; departmentId?: string | null; departmentName?: string | null },
): AuditEvent[] {
  const { organizationId } = record.user;
  if (!organizationId) return [];
  const target = memberTarget(record.user);
  const events: AuditEvent[] = [];
  if (change.role !== undefined && change.role !== record.user.role) {
    events.push({ organizationId, action: 'member.role_changed', target, from: record.user.role, to: change.role });
  }
  if (change.departmentId !== undefined && change.departmentId !== record.user.departmentId) {
    events.push({
      organizationId,
      action: 'member.department_changed',
      target,
      from: record.departmentName,
      to: change.departmentName ?? null,
    });
  }
  return events;
}
