import {
  NOTIFICATION_TYPES,
  type NotificationData,
  type NotificationItem,
  type NotificationRecordType,
  type NotificationType,
  notificationLine,
  recordPaths,
} from '@smart/contracts';
import { presentUserSummary, type UserSummaryRow } from '../people/index.js';

/** A notification as the inbox reads it: its row, its event's data and actor, and its group's counts. */
export interface NotificationRecord {
  id: string;
  type: NotificationType;
  recordType: NotificationRecordType;
  recordId: string;
  data: NotificationData;
  actor: UserSummaryRow | null;
  createdAt: Date;
  readAt: Date | null;
  archivedAt: Date | null;
  snoozedUntil: Date | null;
  updates: number;
  unread: number;
}

/** The app path that opens a notification's record (null: nothing to open, e.g. a removed advisor's organization). */
export function notificationLink(recordType: NotificationRecordType, recordId: string, data: NotificationData) {
  switch (recordType) {
    case 'project':
      return recordPaths.project(recordId);
    case 'task':
      return data.projectId && data.objectiveId ? recordPaths.task(data.projectId, data.objectiveId, recordId) : null;
    case 'ticket':
      return recordPaths.ticket(recordId);
    case 'conversation':
      return recordPaths.conversation(recordId);
    case 'organization':
      return recordPaths.organization;
    case 'account':
      return recordPaths.profile;
    case 'session':
      return recordPaths.session(recordId);
    case 'backup':
      return recordPaths.backups;
    case 'time_approval':
      return recordPaths.timeApprovals;
  }
}

export const actorName = (actor: Pick<UserSummaryRow, 'firstName' | 'lastName'> | null) =>
  actor ? `${actor.firstName} ${actor.lastName}`.trim() || null : null;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentNotification(record: NotificationRecord): NotificationItem {
  return {
    id: record.id,
    type: record.type,
    category: NOTIFICATION_TYPES[record.type].category,
    record: { type: record.recordType, id: record.recordId, title: record.data.title ?? '' },
    link: notificationLink(record.recordType, record.recordId, record.data),
    text: notificationLine(record.type, actorName(record.actor), record.data),
    excerpt: record.data.excerpt ?? null,
    actor: record.actor ? presentUserSummary(record.actor) : null,
    createdAt: record.createdAt.toISOString(),
    readAt: iso(record.readAt),
    archivedAt: iso(record.archivedAt),
    snoozedUntil: iso(record.snoozedUntil),
    updates: record.updates,
    unread: record.unread,
  };
}
