import { advisorNotificationRules } from '../modules/advisors/notifications.js';
import { messageNotificationRules } from '../modules/messages/notifications.js';
import type { NotificationRules } from '../modules/notifications/domain-events.js';
import { organizationNotificationRules } from '../modules/organizations/notifications.js';
import { projectNotificationRules } from '../modules/projects/notifications.js';
import { sessionNotificationRules } from '../modules/scheduling/session-notifications.js';
import { taskNotificationRules } from '../modules/tasks/notifications.js';
import { ticketNotificationRules } from '../modules/tickets/notifications.js';

/**
 * What every domain event tells whom, gathered from the domains that publish them and handed to
 * the notification engine (which imports no domain). Typed over every event type: a new type
 * without its rule does not compile.
 */
export const NOTIFICATION_RULES: NotificationRules = {
  ...taskNotificationRules,
  ...projectNotificationRules,
  ...ticketNotificationRules,
  ...messageNotificationRules,
  ...organizationNotificationRules,
  ...advisorNotificationRules,
  ...sessionNotificationRules,
};
