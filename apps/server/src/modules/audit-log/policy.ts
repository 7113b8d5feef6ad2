import type { PermissionFlag } from '@smart/contracts';
import { type Actor, canManageIn } from '../../lib/tenancy.js';

/**
 * Who reads an organization's audit log: those who manage its people and settings,
 * its org_admins, and admins for any organization (decision 0185). Nobody changes it.
 */
export const AUDIT_LOG_FLAG: PermissionFlag = 'canManageSettings';

export const canReadAuditLog = (actor: Actor, organizationId: string) =>
  canManageIn(actor, organizationId, AUDIT_LOG_FLAG);
