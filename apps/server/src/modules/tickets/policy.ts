import type { Ticket } from '@smart/contracts';
import { type Actor, canSeeIn, isAdvisor, isMemberOf, seesAllOrganizations } from '../../lib/tenancy.js';

/**
 * Who may do what with support tickets. The service enforces
 * these functions and the presenter sends them as `permissions`, so the web app shows exactly the
 * controls the server accepts.
 */

/** The ticket fields its rules depend on. */
export interface TicketAccessRecord {
  organizationId: string;
  createdBy: string | null;
  assignedTo: string | null;
  status: Ticket['status'];
}

/**
 * Whether the actor is an advisor acting in the ticket's organization right now (an active
 * assignment: lib/tenancy.ts canActInOrganization), asked once per request by the service.
 */
export interface TicketAccess {
  actor: Actor;
  advisorActsInOrganization: boolean;
}

/** Reading: the organization's members, its active advisors, admin. */
export const canReadTicket = ({ actor, advisorActsInOrganization }: TicketAccess, ticket: TicketAccessRecord) =>
  canSeeIn(actor, ticket.organizationId) || advisorActsInOrganization;

/** Raising a ticket in X: X's members; an advisor acting in X; never a platform admin. */
export const canRaiseTicketIn = ({ actor, advisorActsInOrganization }: TicketAccess, organizationId: string) =>
  !seesAllOrganizations(actor) &&
  (isMemberOf(actor, organizationId) || (isAdvisor(actor) && advisorActsInOrganization));

/**
 * The roles that handle the tickets of the organizations they act in (X's org_admin, X's active
 * advisors): inside the ticket scope (service.ts ticketScope) they also pick up unassigned ones.
 */
export const handlesTicketsWhereActing = (actor: Actor) => actor.role === 'org_admin' || isAdvisor(actor);

/** Those who handle X's tickets: X's org_admin, its active advisors, admin. */
const handlesTicketsOf = ({ actor, advisorActsInOrganization }: TicketAccess, organizationId: string) =>
  seesAllOrganizations(actor) ||
  (handlesTicketsWhereActing(actor) &&
    (isAdvisor(actor) ? advisorActsInOrganization : isMemberOf(actor, organizationId)));

/** Editing title, description, priority, category: the creator and those who handle the organization's tickets. */
export const canEditTicket = (access: TicketAccess, ticket: TicketAccessRecord) =>
  canReadTicket(access, ticket) &&
  (ticket.createdBy === access.actor.id || handlesTicketsOf(access, ticket.organizationId));

/** Assigning: X's org_admin, its active advisors, admin. */
export const canAssignTicket = (access: TicketAccess, ticket: TicketAccessRecord) =>
  handlesTicketsOf(access, ticket.organizationId);

/** Changing the status: whoever may edit it, and its assignee. */
export const canChangeTicketStatus = (access: TicketAccess, ticket: TicketAccessRecord) =>
  canEditTicket(access, ticket) || (canReadTicket(access, ticket) && ticket.assignedTo === access.actor.id);

/** Deleting: the creator while the ticket is open, X's org_admin, admin (advisors do not delete). */
export const canDeleteTicket = ({ actor }: TicketAccess, ticket: TicketAccessRecord) =>
  seesAllOrganizations(actor) ||
  (isMemberOf(actor, ticket.organizationId) &&
    (actor.role === 'org_admin' || (ticket.createdBy === actor.id && ticket.status === 'open')));

/** Removing a file from a ticket: whoever uploaded it, or whoever may edit the ticket. */
export const canRemoveTicketFile = (
  access: TicketAccess,
  ticket: TicketAccessRecord,
  file: { uploadedBy: string | null },
) => file.uploadedBy === access.actor.id || canEditTicket(access, ticket);

export function ticketPermissions(access: TicketAccess, ticket: TicketAccessRecord): Ticket['permissions'] {
  return {
    canEdit: canEditTicket(access, ticket),
    canAssign: canAssignTicket(access, ticket),
    canChangeStatus: canChangeTicketStatus(access, ticket),
    canDelete: canDeleteTicket(access, ticket),
  };
}
