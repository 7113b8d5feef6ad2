import type { ApiTokenRecord } from '@smart/contracts';
import type { ApiTokenRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { apiTokenPermissions } from './policy.js';

/** A token row with its owner (or maker), its organization's name and its advisor binding's names. */
export interface ApiTokenRecordRow {
  token: ApiTokenRow;
  owner: { id: string; firstName: string; lastName: string; email: string } | null;
  organizationName: string | null;
  organizations: { id: string; name: string }[] | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Row → the API's token JSON: never its hash, only the prefix that tells tokens apart. */
export function presentApiToken(
  { token, owner, organizationName, organizations }: ApiTokenRecordRow,
  actor: Actor,
): ApiTokenRecord {
  return {
    id: token.id,
    _id: token.id,
    name: token.name,
    kind: token.kind,
    prefix: token.prefix,
    owner: owner ? { id: owner.id, name: `${owner.firstName} ${owner.lastName}`.trim(), email: owner.email } : null,
    organizationId: token.organizationId,
    organizationName,
    scopes: token.scopes,
    organizations,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt.toISOString(),
    lastUsedAt: iso(token.lastUsedAt),
    lastUsedAddress: token.lastUsedAddress,
    revokedAt: iso(token.revokedAt),
    permissions: apiTokenPermissions(actor, token),
  };
}
