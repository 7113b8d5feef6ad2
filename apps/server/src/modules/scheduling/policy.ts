import type { AdvisorAvailability, AdvisorMeeting } from '@smart/contracts';
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

// ---- Meetings ----

/** The meeting fields its rules depend on. */
export interface MeetingAccessRecord {
  organizationId: string;
  advisorId: string;
  bookedBy: string | null;
  status: AdvisorMeeting['status'];
  startAt: Date;
  attendeeIds: readonly string[];
  rescheduleCount?: number;
  /** Its advisor's booking rules (none when null or left out). */
  rules?: BookingRules | null;
}

/** The rules of an advisor that bind a meeting already booked. */
export interface BookingRules {
  cancelCutoffMinutes: number;
  maxReschedules: number | null;
}

const isOrgAdminOf = (actor: Actor, organizationId: string) =>
  actor.role === 'org_admin' && isMemberOf(actor, organizationId);

/**
 * A current member (user, org_admin) of the organization: booking or attending a meeting gives
 * access only while its person still belongs to the meeting's organization (one moved to another
 * keeps none of the old one's meetings).
 */
export const isPersonOf = (actor: Pick<Actor, 'role' | 'organizationId'>, organizationId: string) =>
  (actor.role === 'user' || actor.role === 'org_admin') && isMemberOf(actor, organizationId);

/** Its booker or an attendee, while a current member of its organization. */
const takesPart = (actor: Actor, meeting: MeetingAccessRecord) =>
  isPersonOf(actor, meeting.organizationId) &&
  (meeting.bookedBy === actor.id || meeting.attendeeIds.includes(actor.id));

/**
 * Reading a meeting: admin, its advisor, its organization's org_admin, and its booker and attendees
 * while they are members of its organization.
 * Its permissions' twin: the 404, the list and the fan-out ask lib/read-rules/meeting.ts readableMeetings.
 */
export const canReadMeeting = (actor: Actor, meeting: MeetingAccessRecord) =>
  seesAllOrganizations(actor) ||
  meeting.advisorId === actor.id ||
  isOrgAdminOf(actor, meeting.organizationId) ||
  takesPart(actor, meeting);

/** Rescheduling, changing and cancelling: its booker (a member of its organization), its advisor, its organization's org_admin (not admin, who never books). */
export const canChangeMeeting = (actor: Actor, meeting: MeetingAccessRecord) =>
  meeting.advisorId === actor.id ||
  isOrgAdminOf(actor, meeting.organizationId) ||
  (meeting.bookedBy === actor.id && isPersonOf(actor, meeting.organizationId));

/** Once cancelled or started a meeting is kept as it was. */
export const meetingIsOpen = (meeting: Pick<MeetingAccessRecord, 'status' | 'startAt'>, now: Date) =>
  meeting.status === 'scheduled' && meeting.startAt > now;

/**
 * Booking: the people (user, org_admin) of an organization the advisor actively advises, and the
 * advisor itself for one of its organizations; never admin, never another advisor.
 */
export const mayBook = (actor: Actor) => actor.role === 'user' || actor.role === 'org_admin' || isAdvisor(actor);

/** The advisor and the organization's org_admin change a meeting whatever its booking rules (a cut-off, with a reason). */
export const overridesBookingRules = (
  actor: Actor,
  meeting: Pick<MeetingAccessRecord, 'advisorId' | 'organizationId'>,
) => meeting.advisorId === actor.id || isOrgAdminOf(actor, meeting.organizationId);

/**
 * What the advisor's booking rules keep the actor (a member) from: moving or cancelling it inside
 * the cancellation cut-off ('cutoff'), or moving it once it was moved as often as allowed
 * ('reschedules'); null when nothing.
 */
export function bookingRuleLock(
  actor: Actor,
  meeting: MeetingAccessRecord,
  now: Date,
): 'cutoff' | 'reschedules' | null {
  const rules = meeting.rules;
  if (!rules || overridesBookingRules(actor, meeting)) return null;
  if (rules.cancelCutoffMinutes > 0 && meeting.startAt.getTime() - now.getTime() < rules.cancelCutoffMinutes * 60_000) {
    return 'cutoff';
  }
  if (rules.maxReschedules !== null && (meeting.rescheduleCount ?? 0) >= rules.maxReschedules) return 'reschedules';
  return null;
}

export function meetingPermissions(
  actor: Actor,
  meeting: MeetingAccessRecord,
  now: Date,
): AdvisorMeeting['permissions'] {
  const may = canChangeMeeting(actor, meeting) && meetingIsOpen(meeting, now);
  const lock = bookingRuleLock(actor, meeting, now);
  return { canEdit: may && lock === null, canCancel: may && lock !== 'cutoff' };
}
