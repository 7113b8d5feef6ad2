import {
  type MyDataMessage,
  type MyDataNotification,
  type MyDataPerson,
  type MyDataTaskComment,
  type MyDataTicketComment,
  type MyDataTimeEntry,
  type NotificationData,
  type NotificationRecordType,
  type NotificationSettings,
  type NotificationType,
  notificationLine,
  type User,
} from '@smart/contracts';
import type { UserRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { actorName } from '../notifications/index.js';
import { userPermissions } from './policy.js';

/** A user row with the names of its organization and department, as the queries select it. */
export interface UserRecord {
  /** The user's organization (also inside `user`), where the tenancy loader looks for it. */
  organizationId: string | null;
  user: Omit<
    UserRow,
    'passwordHash' | 'notificationPreferences' | 'twoFactorSecret' | 'twoFactorPendingSecret' | 'twoFactorLastStep'
  >;
  organizationName: string | null;
  /** Its organization is closed: nobody is reactivated into it until it is reopened. */
  organizationClosed: boolean;
  /** Its organization requires a second factor of its people. */
  organizationRequiresTwoFactor: boolean;
  departmentName: string | null;
}

/**
 * Row → the API's user JSON (contracts' schema), with what `actor` may do with the
 * account. Never includes the password hash.
 */
export function presentUser(
  { user, organizationName, organizationClosed, organizationRequiresTwoFactor, departmentName }: UserRecord,
  actor: Actor,
): User {
  return {
    id: user.id,
    _id: user.id,
    email: user.email,
    role: user.role,
    roles: [user.role],
    firstName: user.firstName,
    lastName: user.lastName,
    profileImage: user.profileImage,
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      profileImage: user.profileImage,
      specialties: user.specialties,
      experience: user.experience,
    },
    meta: {
      phone: user.phone,
      jobTitle: user.jobTitle,
      bio: user.bio,
      location: user.location,
      website: user.website,
      profileImage: user.profileImage,
      organizationId: user.organizationId,
      organizationName,
      department: departmentName,
      departmentId: user.departmentId,
      experience: user.experience,
      onboardingCompleted: user.onboardingCompleted,
    },
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
    twoFactorRequired: organizationRequiresTwoFactor,
    permissions: userPermissions(actor, user, organizationClosed),
  };
}

// ---- "Download my data" (my-data.ts): rows → the file's entries (contracts' my-data schemas) ----

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/** The profile as the file shows it: UserRecord never holds the password hash or the second factor's secrets. */
export function myDataPerson(
  { user, organizationName, departmentName }: UserRecord,
  notificationSettings: NotificationSettings,
): MyDataPerson {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    jobTitle: user.jobTitle,
    phone: user.phone,
    bio: user.bio,
    location: user.location,
    website: user.website,
    experience: user.experience,
    specialties: user.specialties,
    profileImage: user.profileImage,
    organization: user.organizationId ? { id: user.organizationId, name: organizationName ?? '' } : null,
    department: user.departmentId ? { id: user.departmentId, name: departmentName ?? '' } : null,
    isActive: user.isActive,
    onboardingCompleted: user.onboardingCompleted,
    twoFactorEnabledAt: isoOrNull(user.twoFactorEnabledAt),
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
    notificationSettings,
  };
}

export interface MyDataMessageRow {
  id: string;
  conversationId: string;
  conversationTitle: string;
  type: MyDataMessage['type'];
  content: string;
  ticketId: string | null;
  createdAt: Date;
}

export const myDataMessage = (row: MyDataMessageRow): MyDataMessage => ({
  id: row.id,
  conversation: { id: row.conversationId, title: row.conversationTitle },
  type: row.type,
  text: row.content,
  ticketId: row.ticketId,
  sentAt: iso(row.createdAt),
});

export interface MyDataTaskCommentRow {
  id: string;
  taskId: string;
  taskTitle: string;
  text: string;
  createdAt: Date;
}

export const myDataTaskComment = (row: MyDataTaskCommentRow): MyDataTaskComment => ({
  id: row.id,
  task: { id: row.taskId, title: row.taskTitle },
  text: row.text,
  createdAt: iso(row.createdAt),
});

export interface MyDataTicketCommentRow {
  id: string;
  ticketId: string;
  ticketTitle: string;
  text: string;
  createdAt: Date;
}

export const myDataTicketComment = (row: MyDataTicketCommentRow): MyDataTicketComment => ({
  id: row.id,
  ticket: { id: row.ticketId, title: row.ticketTitle },
  text: row.text,
  createdAt: iso(row.createdAt),
});

export interface MyDataTimeEntryRow {
  id: string;
  date: string;
  minutes: number;
  billable: boolean;
  note: string;
  recordType: MyDataTimeEntry['record']['type'];
  taskId: string | null;
  ticketId: string | null;
  taskTitle: string | null;
  ticketTitle: string | null;
  organizationId: string;
  organizationName: string;
  createdAt: Date;
  updatedAt: Date;
}

export const myDataTimeEntry = (row: MyDataTimeEntryRow): MyDataTimeEntry => ({
  id: row.id,
  date: row.date,
  minutes: row.minutes,
  billable: row.billable,
  note: row.note,
  record: {
    type: row.recordType,
    // The table's check keeps the id its type names.
    id: (row.recordType === 'task' ? row.taskId : row.ticketId) ?? '',
    title: (row.recordType === 'task' ? row.taskTitle : row.ticketTitle) ?? '',
  },
  organization: { id: row.organizationId, name: row.organizationName },
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export interface MyDataNotificationRow {
  id: string;
  type: NotificationType;
  recordType: NotificationRecordType;
  recordId: string;
  inApp: boolean;
  data: NotificationData;
  actorFirstName: string | null;
  actorLastName: string | null;
  createdAt: Date;
  readAt: Date | null;
}

/** Its line as the inbox writes it; never the excerpt, which holds someone else's words. */
export const myDataNotification = (row: MyDataNotificationRow): MyDataNotification => ({
  id: row.id,
  type: row.type,
  text: notificationLine(
    row.type,
    actorName(
      row.actorFirstName === null ? null : { firstName: row.actorFirstName, lastName: row.actorLastName ?? '' },
    ),
    row.data,
  ),
  record: { type: row.recordType, id: row.recordId },
  inApp: row.inApp,
  createdAt: iso(row.createdAt),
  readAt: isoOrNull(row.readAt),
});
