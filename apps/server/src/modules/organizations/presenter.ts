import type { Organization } from '@smart/contracts';
import type { OrganizationRow } from '../../db/schema/index.js';

/** Row (with its active member count) → the API's organization JSON (first document, section 3). */
export function presentOrganization(row: OrganizationRow & { memberCount: number }): Organization {
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
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
