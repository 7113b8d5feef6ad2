import type { AdvisorAvailability } from '@smart/contracts';
import { type Actor, seesAllOrganizations } from '../../lib/tenancy.js';

/** Who sees and changes an advisor's availability: the advisor itself and platform reach (admin). */
export const canManageAvailability = (actor: Actor, advisorId: string) =>
  actor.id === advisorId || seesAllOrganizations(actor);

/**
 * Who sees an advisor's free slots: those who manage its availability, and the people of an
 * organization it actively advises (`advisesActor`, lib/tenancy.ts's activeAssignment).
 */
export const canSeeSlots = (actor: Actor, advisor: { id: string; advisesActor: boolean }) =>
  canManageAvailability(actor, advisor.id) || advisor.advisesActor;

export const availabilityPermissions = (actor: Actor, advisorId: string): AdvisorAvailability['permissions'] => ({
  canEdit: canManageAvailability(actor, advisorId),
});
