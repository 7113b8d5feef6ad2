import type { ApiTokenRecord } from '@smart/contracts';
import type { ApiTokenRow } from '../../db/schema/index.js';
import { type Actor, canManageIn, seesAllOrganizations } from '../../lib/tenancy.js';

/*
 * Who may do what with API tokens (decision 0276). Only a signed-in person reaches these routes
 * (their endpoints' scope is `never`): a token never manages tokens.
 */

/** An organization's tokens: its org_admins (canManageSettings there) and the platform admin. */
export const managesOrganizationTokens = (actor: Actor, organizationId: string) =>
  canManageIn(actor, organizationId, 'canManageSettings');

/**
 * Whether the actor may see the token at all (else 404, as for another organization's record): a
 * personal token its owner and the admin; an organization token the people who manage its tokens.
 */
export function seesToken(actor: Actor, token: Pick<ApiTokenRow, 'kind' | 'userId' | 'organizationId'>): boolean {
  if (seesAllOrganizations(actor)) return true;
  if (token.kind === 'personal') return token.userId === actor.id;
  return token.organizationId !== null && managesOrganizationTokens(actor, token.organizationId);
}

/**
 * What the actor may do with a token it sees: its owner edits and revokes a personal token (the
 * admin only revokes it); an organization token, whoever manages that organization's tokens. A
 * revoked token is history: nothing more to do.
 */
export function apiTokenPermissions(
  actor: Actor,
  token: Pick<ApiTokenRow, 'kind' | 'userId' | 'organizationId' | 'revokedAt'>,
): ApiTokenRecord['permissions'] {
  if (token.revokedAt || !seesToken(actor, token)) return { canEdit: false, canRevoke: false };
  if (token.kind === 'personal') {
    const owns = token.userId === actor.id;
    return { canEdit: owns, canRevoke: owns || seesAllOrganizations(actor) };
  }
  return { canEdit: true, canRevoke: true };
}
