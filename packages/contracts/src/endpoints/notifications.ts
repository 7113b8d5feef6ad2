import { endpoint } from '../endpoint.js';
import { envelope, idParams } from '../schemas/common.js';
import {
  mentionableList,
  mentionableParams,
  mentionableQuery,
  notificationListQuery,
  notificationPage,
  notificationSchema,
  subscriptionBody,
  subscriptionParams,
  subscriptionSchema,
  unreadCountSchema,
  updateNotificationBody,
} from '../schemas/notifications.js';

const tags = ['Notifications'];

/** The inbox, the bell, follow and mute, and the `@` picker (issue 22). Only one's own notifications exist. */
export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    operationId: 'listNotifications',
    tags,
    summary: 'Own in-app notifications, one item per record (newest first), in the Unread, All or Archived tab',
    query: notificationListQuery,
    responses: { 200: notificationPage },
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/api/notifications/unread-count',
    operationId: 'getUnreadNotificationCount',
    tags,
    summary: 'How many records have unread notifications (the bell)',
    responses: { 200: envelope(unreadCountSchema) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/notifications/:id',
    operationId: 'updateNotification',
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
    tags,
    summary: 'Mark every own notification read',
    responses: { 200: envelope(unreadCountSchema) },
  }),
  subscription: endpoint({
    method: 'GET',
    path: '/api/notifications/subscriptions/:recordType/:recordId',
    operationId: 'getNotificationSubscription',
    tags,
    summary: 'Whether the caller follows, mutes or leaves a record at the default',
    params: subscriptionParams,
    responses: { 200: envelope(subscriptionSchema) },
  }),
  subscribe: endpoint({
    method: 'PUT',
    path: '/api/notifications/subscriptions/:recordType/:recordId',
    operationId: 'setNotificationSubscription',
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
    tags,
    summary: 'The people `@` may mention in a task, ticket or conversation: those who can read it',
    params: mentionableParams,
    query: mentionableQuery,
    responses: { 200: envelope(mentionableList) },
  }),
};
