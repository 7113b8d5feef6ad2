import { UI_TEXT } from '@smart/contracts';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { organizations, sessions, users } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { Actor } from '../../lib/tenancy.js';
import { organizationEvent } from './audit.js';
import { canChangeSecurity } from './policy.js';
import { getOrganizationFor } from './service.js';

/**
 * Requires (or stops requiring) a second factor of the organization's people; for the platform
 * organization that is the staff (admins and advisors). Whoever turns it on must have one itself,
 * so it does not lock itself into the set-up. From the next request on, people without one may
 * only set it up (plugins/auth.ts); returns their sessions, whose live sockets the caller drops.
 */
export async function setOrganizationSecurity(
  db: Database,
  actor: Actor,
  id: string,
  { requireTwoFactor }: { requireTwoFactor: boolean },
) {
  const organization = await getOrganizationFor(db, actor, id);
  if (!canChangeSecurity(actor, organization)) throw forbidden();
  if (requireTwoFactor) {
    const [self] = await db
      .select({ twoFactorEnabledAt: users.twoFactorEnabledAt })
      .from(users)
      .where(eq(users.id, actor.id))
      .limit(1);
    if (!self?.twoFactorEnabledAt) throw badRequest(UI_TEXT.twoFactorNeededToRequire);
  }
  const sessionsToRestrict = await db.transaction(async (tx) => {
    const changed = await tx
      .update(organizations)
      .set({ requireTwoFactor, updatedAt: new Date() })
      .where(and(eq(organizations.id, id), ne(organizations.requireTwoFactor, requireTwoFactor)))
      .returning({ id: organizations.id });
    if (changed.length > 0) {
      const [from, to] = requireTwoFactor ? ['not required', 'required'] : ['required', 'not required'];
      await recordAudit(tx, actor.id, [
        organizationEvent(organization, 'organization.two_factor_required', { from, to }),
      ]);
    }
    if (!requireTwoFactor) return [];
    const withoutSecondFactor = tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, id), isNull(users.twoFactorEnabledAt)));
    return tx.select({ id: sessions.id }).from(sessions).where(inArray(sessions.userId, withoutSecondFactor));
  });
  return {
    organization: await getOrganizationFor(db, actor, id),
    sessionsToRestrict: sessionsToRestrict.map((row) => row.id),
  };
}
