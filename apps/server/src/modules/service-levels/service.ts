import { type ServiceLevelsBody, UI_TEXT } from '@smart/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { holidays, organizations, serviceLevelTargets } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { type Actor, accessIn, requireOrganization } from '../../lib/tenancy.js';
import { canEditServiceLevels, canReadServiceLevels } from './policy.js';
import { presentServiceLevels } from './presenter.js';

/** The organization's settings: three reads, whatever it holds. */
async function loadServiceLevels(db: Database, organizationId: string) {
  const [organization] = await db
    .select({ id: organizations.id, timeZone: organizations.timeZone, businessHours: organizations.businessHours })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!organization) throw notFound(UI_TEXT.organizationNotFound);
  const [targets, days] = await Promise.all([
    db.select().from(serviceLevelTargets).where(eq(serviceLevelTargets.organizationId, organizationId)),
    db.select().from(holidays).where(eq(holidays.organizationId, organizationId)).orderBy(asc(holidays.day)),
  ]);
  return { organization, targets, holidays: days };
}

/** 404 unless the actor reads the organization's tickets (another organization's answers as a missing one). */
async function requireReader(db: Database, actor: Actor, organizationId: string) {
  await requireOrganization(db, organizationId);
  const { advisorActsInOrganization } = await accessIn(db, actor, organizationId);
  if (!canReadServiceLevels(actor, organizationId, advisorActsInOrganization)) {
    throw notFound(UI_TEXT.organizationNotFound);
  }
}

/** GET /api/organizations/{id}/service-levels. */
export async function readServiceLevels(db: Database, actor: Actor, organizationId: string) {
  await requireReader(db, actor, organizationId);
  return presentServiceLevels(await loadServiceLevels(db, organizationId), canEditServiceLevels(actor, organizationId));
}

/**
 * PUT /api/organizations/{id}/service-levels: the whole settings replace the old in one
 * transaction, with a line in the audit log. Tickets keep the times they were given; new ones
 * (and a ticket whose priority changes) are measured by these.
 */
export async function saveServiceLevels(db: Database, actor: Actor, organizationId: string, body: ServiceLevelsBody) {
  await requireReader(db, actor, organizationId);
  if (!canEditServiceLevels(actor, organizationId)) throw forbidden();
  await db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({ businessHours: body.businessHours })
      .where(eq(organizations.id, organizationId));
    await tx.delete(serviceLevelTargets).where(eq(serviceLevelTargets.organizationId, organizationId));
    const targets = body.targets.filter(
      (target) => target.firstResponseMinutes !== null || target.resolutionMinutes !== null,
    );
    if (targets.length > 0) {
      await tx.insert(serviceLevelTargets).values(targets.map((target) => ({ ...target, organizationId })));
    }
    await tx.delete(holidays).where(eq(holidays.organizationId, organizationId));
    if (body.holidays.length > 0) {
      await tx
        .insert(holidays)
        .values(body.holidays.map((holiday) => ({ organizationId, day: holiday.date, name: holiday.name })));
    }
    await recordAudit(tx, actor.id, [
      {
        organizationId,
        action: 'organization.settings_changed',
        target: { type: 'organization', id: organizationId, label: 'Service levels' },
        from: null,
        to: `${targets.length} ${targets.length === 1 ? 'priority' : 'priorities'} with targets, ${body.holidays.length} holidays`,
      },
    ]);
  });
  return readServiceLevels(db, actor, organizationId);
}
