import { UI_TEXT } from '@smart/contracts';
import { forbidden, notFound } from '../../lib/errors.js';
import { type Actor, hasFlag, isMemberOf, seesAllOrganizations } from '../../lib/tenancy.js';

/**
 * Who reads analytics (the flag canManageAnalytics): an org_admin
 * its own organization's figures, an admin any organization's or the whole platform's. Members and
 * advisors may not (403); another organization named by an org_admin is not found (404).
 */

/** Which figures a request reads: one organization's, or the whole platform's. */
export type AnalyticsScope = { kind: 'all' } | { kind: 'one'; organizationId: string };

export const readsAnalytics = (actor: Actor) => hasFlag(actor, 'canManageAnalytics');

/** The scope the actor reads, from the organization it names (none: its own, an admin's the platform). */
export function analyticsScope(actor: Actor, requested: string | undefined): AnalyticsScope {
  if (!readsAnalytics(actor)) throw forbidden();
  if (seesAllOrganizations(actor)) return requested ? { kind: 'one', organizationId: requested } : { kind: 'all' };
  if (requested && !isMemberOf(actor, requested)) throw notFound(UI_TEXT.organizationNotFound);
  if (!actor.organizationId) throw forbidden();
  return { kind: 'one', organizationId: actor.organizationId };
}
