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
 * A current member (user, org_admin) of the organization: booking or attending a session gives
 * access only while its person still belongs to the session's organization (one moved to another
 * keeps none of the old one's sessions).
 */
export const isPersonOf = (actor: Pick<Actor, 'role' | 'organizationId'>, organizationId: string) =>
  (actor.role === 'user' || actor.role === 'org_admin') && isMemberOf(actor, organizationId);

/** Its booker or an attendee, while a current member of its organization. */
const takesPart = (actor: Actor, session: SessionAccessRecord) =>
  isPersonOf(actor, session.organizationId) &&
  (session.bookedBy === actor.id || session.attendeeIds.includes(actor.id));

/**
 * Reading a session: admin, its advisor, its organization's org_admin, and its booker and attendees
 * while they are members of its organization.
 * Its permissions' twin: the 404, the list and the fan-out ask lib/read-rules/session.ts readableSessions.
 */
export const canReadSession = (actor: Actor, session: SessionAccessRecord) =>
  seesAllOrganizations(actor) ||
  session.advisorId === actor.id ||
  isOrgAdminOf(actor, session.organizationId) ||
  takesPart(actor, session);

/** Rescheduling, changing and cancelling: its booker (a member of its organization), its advisor, its organization's org_admin (not admin, who never books). */
export const canChangeSession = (actor: Actor, session: SessionAccessRecord) =>
  session.advisorId === actor.id ||
  isOrgAdminOf(actor, session.organizationId) ||
  (session.bookedBy === actor.id && isPersonOf(actor, session.organizationId));

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
