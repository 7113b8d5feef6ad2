import { advisorNotificationRules } from '../modules/advisors/index.js';
import { messageNotificationRules } from '../modules/messenger/index.js';
import type { NotificationRules } from '../modules/notifications/index.js';
import { organizationNotificationRules } from '../modules/organizations/index.js';
import { projectNotificationRules } from '../modules/projects/index.js';
import { meetingNotificationRules } from '../modules/scheduling/index.js';
import { taskNotificationRules } from '../modules/tasks/index.js';
import { ticketNotificationRules } from '../modules/tickets/index.js';
import { webhookNotificationRules } from '../modules/webhooks/index.js';

/**
 * What every domain event tells whom, gathered from the modules that publish them and handed to
 * the notification engine by app.ts (the engine imports no domain). Typed over every event type:
 * a new type without its rule does not compile.
 */
export const NOTIFICATION_RULES: NotificationRules = {
  ...taskNotificationRules,
  ...projectNotificationRules,
  ...ticketNotificationRules,
  ...messageNotificationRules,
  ...organizationNotificationRules,
  ...advisorNotificationRules,
  ...meetingNotificationRules,
  ...webhookNotificationRules,
  // Heard by webhooks only (docs/decisions/0278-webhook-events-and-payloads.md): nobody is told in the app.
  'time_entry.created': () => [],
  'member.added': () => [],
  'member.removed': () => [],
};
