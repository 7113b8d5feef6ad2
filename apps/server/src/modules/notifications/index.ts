import {
  notificationDeliveries,
  notificationEvents,
  notificationSubscriptions,
  notifications,
  notificationThreads,
  smsDailyCounts,
} from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
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
    { table: notifications, reachedThrough: 'event_id: its notification_events' },
    { table: notificationThreads, reachedThrough: 'recipient_id: its members (users)' },
    { table: notificationDeliveries, reachedThrough: 'event_id: its notification_events' },
    { table: notificationSubscriptions, reachedThrough: 'user_id: its members (users)' },
  ],
};
