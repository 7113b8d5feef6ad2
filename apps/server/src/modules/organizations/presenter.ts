import type { Organization } from '@smart/contracts';
import type { OrganizationRow } from '../../db/schema/index.js';
import { type Actor, seesAllOrganizations } from '../../lib/tenancy.js';
import { organizationPermissions } from './policy.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Row (with its active member count) → the API's organization JSON (contracts' schema),
 * with what the actor may do with it. `retentionDays`: CLOSED_ORGANIZATION_RETENTION_DAYS, when
 * the retention job erases a closed one (told to admins only).
 */
export function presentOrganization(
  row: OrganizationRow & { memberCount: number },
  actor: Actor,
  retentionDays: number,
): Organization {
  const address = row.address ?? {};
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    website: row.website,
    description: row.description,
    domain: row.domain,
    logo: row.logo,
    contact: {
      email: row.contactEmail,
      phone: row.contactPhone,
      address: {
        street: address.street ?? null,
        city: address.city ?? null,
        state: address.state ?? null,
        zipCode: address.zipCode ?? null,
        country: address.country ?? null,
      },
    },
    isPlatform: row.isPlatform,
    closedAt: row.closedAt?.toISOString() ?? null,
    erasesAt:
      row.closedAt && seesAllOrganizations(actor)
        ? new Date(row.closedAt.getTime() + retentionDays * DAY_MS).toISOString()
        : null,
    erasureStartedAt: row.erasureStartedAt?.toISOString() ?? null,
    requireTwoFactor: row.requireTwoFactor,
    timeZone: row.timeZone,
    memberCount: row.memberCount,
    seats: row.seats,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    permissions: organizationPermissions(actor, row),
  };
}
