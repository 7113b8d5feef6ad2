import { TEAM_MEMBER_ROLES } from '@smart/contracts';
import { index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, organizationColumn, timestamps } from './columns.js';
import { departments } from './departments.js';
import { organizationKey, sameOrganization, type TenantTable } from './same-organization.js';
import { users } from './users.js';

export const teamMemberRoleEnum = pgEnum('team_member_role', TEAM_MEMBER_ROLES);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    organizationId: organizationColumn(),
    /** A department of the same organization, or none; deleting the department detaches the team. */
    departmentId: uuid('department_id'),
    name: text('name').notNull(),
    description: text('description'),
    /** A user of the same organization. */
    teamLeadId: uuid('team_lead_id'),
    ...timestamps(),
  },
  (table) => [
    index('teams_organization_idx').on(table.organizationId),
    index('teams_department_idx').on(table.departmentId),
    index('teams_name_idx').on(table.name, table.id),
    organizationKey(table),
    sameOrganization(table, 'departmentId', (): TenantTable => departments, 'set null'),
    sameOrganization(table, 'teamLeadId', (): TenantTable => users, 'set null'),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    /** The team's organization, which must also be the user's (sameOrganization below). */
    organizationId: uuid('organization_id').notNull(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: teamMemberRoleEnum('role').notNull().default('member'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_idx').on(table.userId),
    sameOrganization(table, 'teamId', (): TenantTable => teams, 'cascade'),
    sameOrganization(table, 'userId', (): TenantTable => users, 'cascade'),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
