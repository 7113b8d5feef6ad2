import { type Actor, seesAllOrganizations } from '../../lib/tenancy.js';

/** Who records and deletes an advisor's time away: the advisor itself, admin (as its availability). */
export const canManageTimeAway = (actor: Actor, advisorId: string) =>
  actor.id === advisorId || seesAllOrganizations(actor);
