import { z } from 'zod';
import { MESSAGE_TYPES } from '../messenger.js';
import { NOTIFICATION_RECORD_TYPES, NOTIFICATION_TYPE_NAMES } from '../notifications.js';
import { ROLES } from '../roles.js';
import { TIME_RECORD_TYPES } from '../time.js';
import { notificationSettingsSchema } from './notifications.js';

/**
 * "Download my data" (GET /api/users/profile/data): what the app holds about the person who asks,
 * as one JSON file: the profile and the rows the person made or was sent (docs/decisions/0262).
 * Its own words and records only: a message it sent, never the others' messages of that
 * conversation; a notification's line, never the excerpt of someone else's words it carries. A
 * record a row belongs to is named by its id and its title. Never a secret: no password hash, no
 * second factor's secret or recovery codes, no session or feed token. Instants are UTC ISO
 * (2026-03-10T09:30:00.000Z), days YYYY-MM-DD.
 */

const instant = z.string();
const named = z.object({ id: z.string(), title: z.string() });

export const myDataPersonSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  experience: z.string().nullable(),
  specialties: z.array(z.string()),
  /** The picture's key (GET /api/files/{key}). */
  profileImage: z.string().nullable(),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
  isActive: z.boolean(),
  onboardingCompleted: z.boolean(),
  /** When the second factor was turned on; null without one. */
  twoFactorEnabledAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** Its notification toggles, time zone, e-mail digest and phone, as the Notifications page shows them. */
  notificationSettings: notificationSettingsSchema,
});

/** A message the person sent, in the conversation it was sent in. */
export const myDataMessageSchema = z.object({
  id: z.string(),
  conversation: named,
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
  /** The ticket the message was turned into, if any. */
  ticketId: z.string().nullable(),
  sentAt: instant,
});

/** A comment the person wrote on a task or a ticket. */
export const myDataTaskCommentSchema = z.object({ id: z.string(), task: named, text: z.string(), createdAt: instant });
export const myDataTicketCommentSchema = z.object({
  id: z.string(),
  ticket: named,
  text: z.string(),
  createdAt: instant,
});

/** Time the person recorded, on a task or a ticket of an organization. */
export const myDataTimeEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  minutes: z.number().int(),
  billable: z.boolean(),
  note: z.string(),
  record: z.object({ type: z.enum(TIME_RECORD_TYPES), id: z.string(), title: z.string() }),
  organization: z.object({ id: z.string(), name: z.string() }),
  createdAt: instant,
  updatedAt: instant,
});

/** A notification the person was sent: its line as the inbox shows it, and the record it is about. */
export const myDataNotificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPE_NAMES),
  text: z.string(),
  record: z.object({ type: z.enum(NOTIFICATION_RECORD_TYPES), id: z.string() }),
  /** False: it went by e-mail or SMS only (the person's in-app toggles were off). */
  inApp: z.boolean(),
  createdAt: instant,
  readAt: instant.nullable(),
});

/** The whole file; each list oldest first (notifications: grouped by record). */
export const myDataFileSchema = z.object({
  exportedAt: instant,
  person: myDataPersonSchema,
  messages: z.array(myDataMessageSchema),
  taskComments: z.array(myDataTaskCommentSchema),
  ticketComments: z.array(myDataTicketCommentSchema),
  timeEntries: z.array(myDataTimeEntrySchema),
  notifications: z.array(myDataNotificationSchema),
});
export type MyDataFile = z.infer<typeof myDataFileSchema>;
export type MyDataPerson = z.infer<typeof myDataPersonSchema>;
export type MyDataMessage = z.infer<typeof myDataMessageSchema>;
export type MyDataTaskComment = z.infer<typeof myDataTaskCommentSchema>;
export type MyDataTicketComment = z.infer<typeof myDataTicketCommentSchema>;
export type MyDataTimeEntry = z.infer<typeof myDataTimeEntrySchema>;
export type MyDataNotification = z.infer<typeof myDataNotificationSchema>;
/** The file's lists, in the order it writes them. */
export type MyDataList = Exclude<keyof MyDataFile, 'exportedAt' | 'person'>;
