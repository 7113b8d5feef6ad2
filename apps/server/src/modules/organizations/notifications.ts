import { eventOn } from '../../lib/outbox.js';
import type { NotificationRules } from '../notifications/index.js';

/*
 * What an organization's events tell whom (README, "Notifications", system alerts): closed and
 * reopened, to all its members. Its people keep reading the organization while it is closed
 * (audience.ts readableBy: they are still its members, only their sign-in is refused), so no access
 * exception is needed: the e-mail and SMS tell them what the app cannot show them until it reopens.
 */

/** What every event about an organization says: its record, its name as the title. */
export const organizationSubject = (event: { organizationId: string; payload: { organizationName: string } }) =>
  ({
    organizationId: event.organizationId,
    record: { type: 'organization', id: event.organizationId },
    data: { title: event.payload.organizationName, organizationName: event.payload.organizationName },
  }) as const;

export const organizationNotificationRules: NotificationRules<'organization.closed' | 'organization.reopened'> = {
  /** "My organization closed": every member, by SMS too (sms.systemAlerts): they can no longer sign in. */
  'organization.closed': (event) => [
    {
      ...eventOn(organizationSubject(event), 'organization_closed', event.actorId),
      audience: { organizationMembers: 'all' },
      sms: 'systemAlerts',
    },
  ],
  /** "My organization reopened": every member. */
  'organization.reopened': (event) => [
    {
      ...eventOn(organizationSubject(event), 'organization_reopened', event.actorId),
      audience: { organizationMembers: 'all' },
    },
  ],
};
