import type { Organization } from '@smart/contracts';
import type { OrganizationRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { organizationPermissions } from './policy.js';

/**
 * Row (with its active member count) → the API's organization JSON (contracts' schema),
 * with what the actor may do with it.
 */
export function presentOrganization(row: OrganizationRow & { memberCount: number }, actor: Actor): Organization {
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
    requireTwoFactor: row.requireTwoFactor,
    memberCount: row.memberCount,
    seats: row.seats,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    permissions: organizationPermissions(actor, row),
  };
}
