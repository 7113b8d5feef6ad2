import { eventOn, type NotificationEventInput } from '../../lib/outbox.js';
import { type OrganizationRef, organizationSubject } from '../organizations/index.js';

/*
 * An advisor assigned to or removed from an organization (issue 22, "System alerts"): its
 * org_admins and the advisor hear of it.
 */

/** The advisor now acts in the organization, so it passes the read check like its org_admins. */
export function advisorAssigned(
  organization: OrganizationRef,
  advisorId: string,
  actorId: string,
): NotificationEventInput {
  return {
    ...eventOn(organizationSubject(organization), 'advisor_assigned', actorId),
    audience: { organizationMembers: 'org_admin', users: [advisorId] },
  };
}

/** The removed advisor no longer reads the organization: told without the read check. */
export function advisorRemoved(
  organization: OrganizationRef,
  advisorId: string,
  actorId: string,
): NotificationEventInput {
  return {
    ...eventOn(organizationSubject(organization), 'advisor_removed', actorId),
    audience: { organizationMembers: 'org_admin', withoutAccessCheck: [advisorId] },
  };
}
