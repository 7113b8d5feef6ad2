import type { Department } from '@smart/contracts';
import type { DepartmentRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { presentUserSummary, type UserSummaryRow } from '../people/index.js';
import { departmentPermissions } from './policy.js';

export interface DepartmentRecord extends DepartmentRow {
  organizationName: string;
  manager: UserSummaryRow | null;
  teamCount: number;
  memberCount: number;
}

/**
 * Row with its counts and manager → the API's department JSON (contracts' schema), with
 * what `actor` may do with it.
 */
export function presentDepartment(row: DepartmentRecord, actor: Actor): Department {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    manager: row.manager ? presentUserSummary(row.manager) : null,
    settings: { icon: row.icon },
    imageUrl: row.imageUrl,
    teamCount: row.teamCount,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    permissions: departmentPermissions(actor, row),
  };
}
