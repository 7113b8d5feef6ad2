import { endpoint } from '../endpoint.js';
import { envelope, idParams } from '../schemas/common.js';
import {
  mentionableList,
  mentionableParams,
  mentionableQuery,
  notificationListQuery,
  notificationPage,
  notificationSchema,
  notificationSettingsSchema,
  openedRecordParams,
  subscriptionBody,
  subscriptionParams,
  subscriptionSchema,
  unreadCountSchema,
  unsubscribeQuery,
  updateNotificationBody,
  updateNotificationsBody,
} from '../schemas/notifications.js';

const tags = ['Notifications'];
/** The preferences page's settings are part of one's account. */
const settingsTags = ['Accounts'];

/**
 * The inbox, the bell, follow and mute, and the `@` picker: only one's own notifications
 * exist. Also one's notification settings and the e-mails' one-click unsubscribe.
 */
export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    operationId: 'listNotifications',
    scope: 'never',
    tags,
    summary: 'Own in-app notifications, one item per record (newest first), in the Unread, All or Archived tab',
    query: notificationListQuery,
    responses: { 200: notificationPage },
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/api/notifications/unread-count',
    operationId: 'getUnreadNotificationCount',
    scope: 'never',
    tags,
    summary: 'How many records have unread notifications (the bell)',
    responses: { 200: envelope(unreadCountSchema) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/notifications/:id',
    operationId: 'updateNotification',
    scope: 'never',
    tags,
    summary: 'Mark an item (its whole record group) read or unread, archive it, or snooze it',
    params: idParams,
    body: updateNotificationBody,
    responses: { 200: envelope(notificationSchema) },
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    operationId: 'readAllNotifications',
    scope: 'never',
    tags,
    summary: 'Mark every own notification read',
    responses: { 200: envelope(unreadCountSchema) },
  }),
  readRecord: endpoint({
    method: 'POST',
    path: '/api/notifications/records/:recordType/:recordId/read',
    operationId: 'readRecordNotifications',
    scope: 'never',
    tags,
    summary:
      'A record’s page opened: its own notifications about it are read (their waiting e-mails are not sent); answers the new unread count',
    params: openedRecordParams,
    responses: { 200: envelope(unreadCountSchema) },
  }),
  subscription: endpoint({
    method: 'GET',
    path: '/api/notifications/subscriptions/:recordType/:recordId',
    operationId: 'getNotificationSubscription',
    scope: 'never',
    tags,
    summary: 'Whether the caller follows, mutes or leaves a record at the default',
    params: subscriptionParams,
    responses: { 200: envelope(subscriptionSchema) },
  }),
  subscribe: endpoint({
    method: 'PUT',
    path: '/api/notifications/subscriptions/:recordType/:recordId',
    operationId: 'setNotificationSubscription',
    scope: 'never',
    tags,
    summary: 'Follow a record (everything from it), mute it (nothing from it), or go back to the default',
    params: subscriptionParams,
    body: subscriptionBody,
    responses: { 200: envelope(subscriptionSchema) },
  }),
  mentionable: endpoint({
    method: 'GET',
    path: '/api/mentionable/:recordType/:recordId',
    operationId: 'listMentionable',
    scope: 'never',
    tags,
    summary: 'The people `@` may mention in a task, ticket or conversation: those who can read it',
    params: mentionableParams,
    query: mentionableQuery,
    responses: { 200: envelope(mentionableList) },
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/users/notifications',
    operationId: 'getNotificationPreferences',
    scope: 'never',
    tags: settingsTags,
    summary: 'Own notification preferences, time zone, digest choice and phone verification state',
    responses: { 200: envelope(notificationSettingsSchema) },
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/api/users/notifications',
    operationId: 'updateNotificationPreferences',
    scope: 'never',
    tags: settingsTags,
    summary: 'Change some notification preferences, the time zone or the digest choice; the rest stay',
    body: updateNotificationsBody,
    responses: { 200: envelope(notificationSettingsSchema) },
  }),
  // The e-mail's unsubscribe link: answers are small HTML pages (no JSON schema), without a session.
  unsubscribePage: endpoint({
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    operationId: 'showUnsubscribePage',
    tags,
    summary:
      'The page of an e-mail’s unsubscribe link (HTML): asks to confirm with a button that POSTs; changes nothing itself',
    query: unsubscribeQuery,
    responses: {},
    public: true,
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    operationId: 'unsubscribeFromEmails',
    tags,
    summary:
      'One-click unsubscribe (RFC 8058): turns off the e-mail toggle the signed token names, without a session; answers a small HTML page',
    query: unsubscribeQuery,
    responses: {},
    public: true,
  }),
};
