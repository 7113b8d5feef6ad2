import {
  conversations,
  notificationDeliveries,
  notificationEvents,
  notificationSubscriptions,
  notifications,
  notificationThreads,
  projects,
  smsDailyCounts,
  tasks,
  tickets,
  users,
} from '../../db/schema/index.js';
import { organizationTables, reachedThrough, registerRoutes, type ServerModule } from '../manifest.js';
import { startNotificationEngine } from './engine.js';
import { inboxRoutes } from './inbox-routes.js';
import { notificationRoutes } from './routes.js';
import { unsubscribeRoutes } from './unsubscribe-routes.js';

export { type NotificationRule, type NotificationRules, registerNotificationRules } from './domain-events.js';
export type { InvitationDelivery, InvitationMail } from './hooks.js';
export { type NotificationHooks, registerNotificationHooks } from './hooks.js';
export { readNotificationsAbout } from './inbox.js';
export { announceUnreadCounts } from './live.js';
export {
  commentEvents,
  commentRef,
  type MentioningComment,
  mentionedEvents,
  notificationExcerpt,
  readableMentions,
} from './mentions.js';
export { actorName } from './presenter.js';
export { getNotificationSettings } from './service.js';
export { countAgainstCap, giveBackCount } from './sms-delivery.js';
export { cronEvery, REMINDER_BATCH_SIZE } from './sweeps.js';
export const notificationsModule: ServerModule = {
  name: 'notifications',
  routes: registerRoutes(notificationRoutes, inboxRoutes, unsubscribeRoutes),
  jobs: startNotificationEngine,
  organizationData: [
    ...organizationTables(notificationEvents, smsDailyCounts),
    reachedThrough(notifications, { column: notifications.eventId, parent: notificationEvents.id }),
    // Its members' threads, and its advisors' and admins' threads about its records.
    reachedThrough(
      notificationThreads,
      { column: notificationThreads.recipientId, parent: users.id },
      { column: notificationThreads.latestId, parent: notifications.id },
    ),
    reachedThrough(notificationDeliveries, { column: notificationDeliveries.eventId, parent: notificationEvents.id }),
    // Its members' follows, and its advisors' and admins' follows of its records (no foreign key leads there).
    reachedThrough(
      notificationSubscriptions,
      { column: notificationSubscriptions.userId, parent: users.id },
      ...[projects.id, tasks.id, tickets.id, conversations.id].map((parent) => ({
        column: notificationSubscriptions.recordId,
        parent,
      })),
    ),
  ],
};
