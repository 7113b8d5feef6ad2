import type { Advisor, MyOrganization, OrganizationAdvisor } from '@smart/contracts';
import type { UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import type { UserSummaryRow } from '../people/index.js';
import { presentAdvisorProfile } from '../people/index.js';
import { presentUser, type UserRecord } from '../users/index.js';
import { type AssignmentState, assignmentPermissions } from './policy.js';

/** One of an advisor's assignments as the advisors query aggregates it (JSON: the date is a string). */
export interface AssignmentJson extends AssignmentState {
  organizationId: string;
  organizationName: string;
  assignedAt: string;
}

export interface AdvisorRecord extends UserRecord {
  assignments: AssignmentJson[];
}

/** An advisor with its assignments (GET /api/users/advisors). */
export function presentAdvisor(record: AdvisorRecord, actor: Actor): Advisor {
  return {
    ...presentUser(record, actor),
    assignments: record.assignments.map(({ organizationClosed, ...assignment }) => ({
      ...assignment,
      assignedAt: new Date(assignment.assignedAt).toISOString(),
      permissions: assignmentPermissions(actor, { isActive: assignment.isActive, organizationClosed }),
    })),
  };
}

/** An assignment seen from its organization, with the advisor's summary and profile fields. */
export interface OrganizationAdvisorRecord extends AssignmentState {
  organizationId: string;
  assignedAt: Date;
  advisor: UserSummaryRow & Pick<UserRow, 'specialties' | 'experience'>;
}

export function presentOrganizationAdvisor(record: OrganizationAdvisorRecord, actor: Actor): OrganizationAdvisor {
  return {
    organizationId: record.organizationId,
    advisor: presentAdvisorProfile(record.advisor),
    assignedAt: record.assignedAt.toISOString(),
    isActive: record.isActive,
    permissions: assignmentPermissions(actor, record),
  };
}

export interface MyOrganizationRecord {
  organizationId: string;
  organizationName: string;
  assignedAt: Date;
  isActive: boolean;
  peopleCount: number;
  openTicketCount: number;
}

export const presentMyOrganization = (record: MyOrganizationRecord): MyOrganization => ({
  ...record,
  assignedAt: record.assignedAt.toISOString(),
});
