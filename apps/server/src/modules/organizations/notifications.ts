import type { OrganizationRow } from '../../db/schema/index.js';
import { eventOn, type NotificationEventInput } from '../../lib/outbox.js';

/*
 * An organization's notifications (issue 22, "System alerts"): closed and reopened, to all its
 * members. Its people keep reading the organization while it is closed (audience.ts readableBy:
 * they are still its members, only their sign-in is refused), so no access exception is needed:
 * the e-mail and SMS tell them what the app cannot show them until it reopens.
 */

export type OrganizationRef = Pick<OrganizationRow, 'id' | 'name'>;

/** What every event about an organization says: its record, its name as the title. */
export const organizationSubject = (organization: OrganizationRef) =>
  ({
    organizationId: organization.id,
    record: { type: 'organization', id: organization.id },
    data: { title: organization.name, organizationName: organization.name },
  }) as const;

/** "My organization closed": every member, by SMS too (sms.systemAlerts): they can no longer sign in. */
export function organizationClosed(organization: OrganizationRef, actorId: string): NotificationEventInput {
  return {
    ...eventOn(organizationSubject(organization), 'organization_closed', actorId),
    audience: { organizationMembers: 'all' },
    sms: 'systemAlerts',
  };
}

/** "My organization reopened": every member. */
export function organizationReopened(organization: OrganizationRef, actorId: string): NotificationEventInput {
  return {
    ...eventOn(organizationSubject(organization), 'organization_reopened', actorId),
    audience: { organizationMembers: 'all' },
  };
}
