import { eventOn } from '../../lib/outbox.js';
import type { NotificationRule, NotificationRules } from '../notifications/index.js';
import { organizationSubject } from '../organizations/index.js';

/*
 * An advisor assigned to or removed from an organization (README, "Notifications", system alerts):
 * its org_admins and the advisor hear of it. Paused and resumed read as removed and assigned.
 */

/** The advisor now acts in the organization, so it passes the read check like its org_admins. */
const assigned: NotificationRule<'advisor.assigned' | 'advisor.resumed'> = (event) => [
  {
    ...eventOn(organizationSubject(event), 'advisor_assigned', event.actorId),
    audience: { organizationMembers: 'org_admin', users: [event.payload.advisorId] },
  },
];

/** The advisor no longer reads the organization: told without the read check. */
const removed: NotificationRule<'advisor.paused' | 'advisor.removed'> = (event) => [
  {
    ...eventOn(organizationSubject(event), 'advisor_removed', event.actorId),
    audience: { organizationMembers: 'org_admin', withoutAccessCheck: [event.payload.advisorId] },
  },
];

export const advisorNotificationRules: NotificationRules<
  'advisor.assigned' | 'advisor.resumed' | 'advisor.paused' | 'advisor.removed'
> = {
  'advisor.assigned': assigned,
  'advisor.resumed': assigned,
  'advisor.paused': removed,
  'advisor.removed': removed,
};
