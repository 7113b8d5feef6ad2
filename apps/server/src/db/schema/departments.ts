import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, organizationColumn, timestamps } from './columns.js';
import { organizationKey, sameOrganization, type TenantTable } from './same-organization.js';
import { users } from './users.js';

export const departments = pgTable(
  'departments',
  {
    id: id(),
    organizationId: organizationColumn(),
    name: text('name').notNull(),
    description: text('description'),
    /** A user of the same organization (sameOrganization below). */
    managerId: uuid('manager_id'),
    /** One of the 19 named icons or a single emoji. */
    icon: text('icon').notNull().default('HiUserGroup'),
    /** An uploaded image (`/api/files/{key}`) shown instead of the icon; null shows the icon. */
    imageUrl: text('image_url'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('departments_org_name_unique').on(table.organizationId, sql`lower(${table.name})`),
    index('departments_organization_idx').on(table.organizationId),
    organizationKey(table),
    sameOrganization(table, 'managerId', (): TenantTable => users, 'set null'),
  ],
);

export type DepartmentRow = typeof departments.$inferSelect;
