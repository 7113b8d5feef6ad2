import { displayName, type TimeApproval } from '@smart/contracts';
import type { Actor } from '../../lib/tenancy.js';
import { timeApprovalPermissions } from './policy.js';
import type { TimeApprovalRecord } from './service.js';

/** A person the period names, as the app writes names everywhere (its e-mail when it has none). */
const personOf = (user: { id: string; firstName: string; lastName: string; email: string } | null) =>
  user ? { id: user.id, name: displayName(user) } : null;

export function presentTimeApproval(actor: Actor, record: TimeApprovalRecord): TimeApproval {
  const { period } = record;
  return {
    id: period.id,
    organizationId: period.organizationId,
    organizationName: record.organizationName,
    advisor: personOf(record.advisor) ?? { id: period.userId, name: '' },
    kind: period.kind,
    start: period.periodStart,
    end: period.periodEnd,
    status: period.status,
    minutes: record.minutes,
    billableMinutes: record.billableMinutes,
    comment: period.comment,
    submittedAt: period.submittedAt.toISOString(),
    decidedAt: period.decidedAt?.toISOString() ?? null,
    decidedBy: personOf(record.decidedBy),
    permissions: timeApprovalPermissions(actor, period),
  };
}
