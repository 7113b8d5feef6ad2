import type { TimeApproval } from '@smart/contracts';
import type { Actor } from '../../lib/tenancy.js';
import { leadsTimeIn } from '../time-entries/index.js';

/**
 * Who may do what with submitted time (decision 0290). An advisor submits its own time in an
 * organization it advises and may withdraw it until it is approved; the organization's org_admin
 * (and admin) approves, returns and reopens it. Reading: lib/read-rules readableTimeApprovals.
 */

/** Approving, returning and reopening an organization's time: its org_admin, admin. */
export const decidesTimeIn = leadsTimeIn;

interface ApprovalAccessRecord {
  organizationId: string;
  userId: string;
  status: TimeApproval['status'];
}

export const canWithdrawTime = (actor: Actor, period: ApprovalAccessRecord) =>
  period.userId === actor.id && period.status !== 'approved';

export function timeApprovalPermissions(actor: Actor, period: ApprovalAccessRecord): TimeApproval['permissions'] {
  const decides = decidesTimeIn(actor, period.organizationId);
  return {
    canDecide: decides && period.status === 'submitted',
    canReopen: decides && period.status === 'approved',
    canWithdraw: canWithdrawTime(actor, period),
  };
}
