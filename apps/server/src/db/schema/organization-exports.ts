import type { OrganizationExportStatus } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationColumn, personColumn } from './columns.js';

/**
 * An organization's export (docs/decisions/0264): asked for by its org_admin or an admin, built by
 * a job into one archive in file storage (`storage_key`), downloadable until `expires_at`, then
 * swept (the archive deleted, the row kept as `expired`). At most one is queued or building per
 * organization: a second request finds it (the partial unique index).
 */
export const organizationExports = pgTable(
  'organization_exports',
  {
    id: id(),
    organizationId: organizationColumn(),
    requestedBy: personColumn('requested_by'),
    status: text('status').$type<OrganizationExportStatus>().notNull().default('queued'),
    storageKey: text('storage_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('organization_exports_running_unique')
      .on(table.organizationId)
      .where(sql`${table.status} in ('queued', 'building')`),
    index('organization_exports_organization_created_idx').on(table.organizationId, table.createdAt),
    index('organization_exports_requester_running_idx')
      .on(table.requestedBy)
      .where(sql`${table.status} in ('queued', 'building')`),
    index('organization_exports_ready_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'ready'`),
  ],
);

export type OrganizationExportRow = typeof organizationExports.$inferSelect;
