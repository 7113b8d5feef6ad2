import type { AdvisorAvailability, AdvisorSession } from '@smart/contracts';
import { type Actor, isAdvisor, isMemberOf, seesAllOrganizations } from '../../lib/tenancy.js';

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

// ---- Sessions (issue 24) ----

/** The session fields its rules depend on. */
export interface SessionAccessRecord {
  organizationId: string;
  advisorId: string;
  bookedBy: string | null;
  status: AdvisorSession['status'];
  startAt: Date;
  attendeeIds: readonly string[];
}

const isOrgAdminOf = (actor: Actor, organizationId: string) =>
  actor.role === 'org_admin' && isMemberOf(actor, organizationId);

/**
 * Reading a session: admin, its advisor, its booker, its attendees, and its organization's org_admin.
 * The same rule as notifications' readableBy 'session' (notifications/audience.ts) and sessionsVisibleTo.
 */
export const canReadSession = (actor: Actor, session: SessionAccessRecord) =>
  seesAllOrganizations(actor) ||
  session.advisorId === actor.id ||
  session.bookedBy === actor.id ||
  isOrgAdminOf(actor, session.organizationId) ||
  session.attendeeIds.includes(actor.id);

/** Rescheduling, changing and cancelling: its booker, its advisor, its organization's org_admin (not admin, who never books). */
export const canChangeSession = (actor: Actor, session: SessionAccessRecord) =>
  session.bookedBy === actor.id || session.advisorId === actor.id || isOrgAdminOf(actor, session.organizationId);

/** Once cancelled or started a session is kept as it was. */
export const sessionIsOpen = (session: Pick<SessionAccessRecord, 'status' | 'startAt'>, now: Date) =>
  session.status === 'scheduled' && session.startAt > now;

/**
 * Booking: the people (user, org_admin) of an organization the advisor actively advises, and the
 * advisor itself for one of its organizations; never admin, never another advisor.
 */
export const mayBook = (actor: Actor) => actor.role === 'user' || actor.role === 'org_admin' || isAdvisor(actor);

export function sessionPermissions(
  actor: Actor,
  session: SessionAccessRecord,
  now: Date,
): AdvisorSession['permissions'] {
  const may = canChangeSession(actor, session) && sessionIsOpen(session, now);
  return { canEdit: may, canCancel: may };
}
