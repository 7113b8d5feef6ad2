import {
  notificationDeliveries,
  notificationEvents,
  notificationSubscriptions,
  notifications,
  notificationThreads,
  smsDailyCounts,
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
    reachedThrough(notifications, notifications.eventId, notificationEvents.id),
    reachedThrough(notificationThreads, notificationThreads.recipientId, users.id),
    reachedThrough(notificationDeliveries, notificationDeliveries.eventId, notificationEvents.id),
    reachedThrough(notificationSubscriptions, notificationSubscriptions.userId, users.id),
  ],
};
