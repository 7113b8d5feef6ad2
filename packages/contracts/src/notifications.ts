import { ORGANIZATION_EXPORT_LINK_HOURS } from './organization-export.js';
import type { MeetingReminderKind } from './scheduling.js';
import { SLA_WARNING_PERCENT } from './service-levels.js';
import { humanizeValue } from './tickets.js';

/** Notification preferences. Zod-free, so pages can use it without the schemas. */
export interface NotificationPreferences {
  email: {
    systemAlerts: boolean;
    newsletter: boolean;
    projectUpdates: boolean;
    taskAssignments: boolean;
    teamMessages: boolean;
  };
  sms: { systemAlerts: boolean; urgentTasks: boolean };
  inApp: { allNotifications: boolean; projectUpdates: boolean; taskAssignments: boolean; teamMessages: boolean };
}

export interface NotificationPreferencesPatch {
  email?: Partial<NotificationPreferences['email']> | undefined;
  sms?: Partial<NotificationPreferences['sms']> | undefined;
  inApp?: Partial<NotificationPreferences['inApp']> | undefined;
}

/** All true except sms.urgentTasks. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: { systemAlerts: true, newsletter: true, projectUpdates: true, taskAssignments: true, teamMessages: true },
  sms: { systemAlerts: true, urgentTasks: false },
  inApp: { allNotifications: true, projectUpdates: true, taskAssignments: true, teamMessages: true },
};

/** A partial update merges group by group into the stored preferences. */
export function mergeNotificationPreferences(
  current: NotificationPreferences,
  patch: NotificationPreferencesPatch,
): NotificationPreferences {
  return {
    email: { ...current.email, ...patch.email },
    sms: { ...current.sms, ...patch.sms },
    inApp: { ...current.inApp, ...patch.inApp },
  };
}

/*
 * The notification engine. Every event a person can be told about has a type; its
 * category names the preference toggles that route it (the README's table is this catalogue).
 */

/**
 * What a notification opens. `account` is the recipient's own account (security notices); `backup`
 * a scheduled backup's run (admins: the Backups page).
 */
export const NOTIFICATION_RECORD_TYPES = [
  'project',
  'task',
  'ticket',
  'conversation',
  'organization',
  'account',
  'session',
  'backup',
  'time_approval',
] as const;
export type NotificationRecordType = (typeof NOTIFICATION_RECORD_TYPES)[number];

/**
 * The records whose page reads their notifications when it opens (decision 0213): the page says so
 * with one call, so the bell drops and their waiting e-mails are not sent. An objective has none of
 * its own (`objective_created` is about its project).
 */
export const OPENABLE_RECORD_TYPES = ['project', 'task', 'ticket', 'conversation', 'session'] as const;
export type OpenableRecordType = (typeof OPENABLE_RECORD_TYPES)[number];

/** The records a person can follow or mute. */
export const SUBSCRIBABLE_RECORD_TYPES = ['project', 'task', 'ticket', 'conversation'] as const;
export type SubscribableRecordType = (typeof SUBSCRIBABLE_RECORD_TYPES)[number];
export const SUBSCRIPTION_MODES = ['follow', 'mute', 'default'] as const;
export type SubscriptionMode = (typeof SUBSCRIPTION_MODES)[number];

/** The records where `@` offers people (stored as user ids with the text). */
export const MENTIONABLE_RECORD_TYPES = ['task', 'ticket', 'conversation'] as const;
export type MentionableRecordType = (typeof MENTIONABLE_RECORD_TYPES)[number];
export const MAX_MENTIONS = 20;

/**
 * The preference group a type belongs to: email.<category> and inApp.<category> switch it (in-app
 * system alerts and calendar invitations only by inApp.allNotifications, which has no key of its
 * own); security notices and calendar invitations are always e-mailed.
 */
export const NOTIFICATION_CATEGORIES = [
  'taskAssignments',
  'projectUpdates',
  'teamMessages',
  'systemAlerts',
  'security',
  'calendar',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/**
 * Categories whose e-mail no toggle turns off: security notices, and calendar invitations (a
 * meeting's .ics: a calendar that missed one would keep a cancelled or moved session).
 */
export const ALWAYS_EMAILED_CATEGORIES = ['security', 'calendar'] as const satisfies readonly NotificationCategory[];
export type AlwaysEmailedCategory = (typeof ALWAYS_EMAILED_CATEGORIES)[number];
export const isAlwaysEmailed = (category: NotificationCategory): category is AlwaysEmailedCategory =>
  (ALWAYS_EMAILED_CATEGORIES as readonly NotificationCategory[]).includes(category);

/** `immediate` e-mails go at once; `batched` wait NOTIFICATION_EMAIL_DELAY_SECONDS, one per recipient and record. */
export type EmailTiming = 'immediate' | 'batched';

export interface NotificationTypeInfo {
  category: NotificationCategory;
  email: EmailTiming;
  /**
   * Its line says "you" ("assigned you", "mentioned you", a reminder of one's own task): only the
   * people the event names hear it;
   * followers of the record are not added (they hear the record's other events).
   */
  personal?: true;
}

export const NOTIFICATION_TYPES = {
  task_assigned: { category: 'taskAssignments', email: 'immediate', personal: true },
  task_completed: { category: 'taskAssignments', email: 'batched' },
  task_reopened: { category: 'taskAssignments', email: 'batched' },
  task_due_date_changed: { category: 'taskAssignments', email: 'batched' },
  task_commented: { category: 'taskAssignments', email: 'batched' },
  task_due_tomorrow: { category: 'taskAssignments', email: 'batched', personal: true },
  task_due_today: { category: 'taskAssignments', email: 'batched', personal: true },
  task_overdue: { category: 'taskAssignments', email: 'batched', personal: true },
  project_status_changed: { category: 'projectUpdates', email: 'batched' },
  objective_created: { category: 'projectUpdates', email: 'batched' },
  message_received: { category: 'teamMessages', email: 'batched' },
  mentioned: { category: 'teamMessages', email: 'immediate', personal: true },
  ticket_created: { category: 'systemAlerts', email: 'batched' },
  ticket_assigned: { category: 'systemAlerts', email: 'immediate', personal: true },
  ticket_commented: { category: 'systemAlerts', email: 'batched' },
  ticket_status_changed: { category: 'systemAlerts', email: 'batched' },
  /** SLA_WARNING_PERCENT of a ticket's target used: its assignee (an advisor's: the organization's advisors). */
  ticket_sla_warning: { category: 'systemAlerts', email: 'immediate', personal: true },
  /** A ticket's target passed unmet: the organization's org_admins. */
  ticket_sla_breached: { category: 'systemAlerts', email: 'immediate', personal: true },
  advisor_assigned: { category: 'systemAlerts', email: 'batched' },
  advisor_removed: { category: 'systemAlerts', email: 'batched' },
  organization_closed: { category: 'systemAlerts', email: 'batched' },
  organization_reopened: { category: 'systemAlerts', email: 'batched' },
  /** The export its requester asked for is ready to download (or could not be built). */
  organization_export_ready: { category: 'systemAlerts', email: 'immediate', personal: true },
  organization_export_failed: { category: 'systemAlerts', email: 'immediate', personal: true },
  password_changed: { category: 'security', email: 'immediate' },
  new_sign_in: { category: 'security', email: 'immediate' },
  password_reset_requested: { category: 'security', email: 'immediate' },
  /** The password was right, then TWO_FACTOR_WRONG_CODES_NOTICE_AT wrong codes came: someone else may know it. */
  two_factor_codes_wrong: { category: 'security', email: 'immediate' },
  /** An API token was used from an address it never came from before (its first address tells nobody). */
  api_token_new_address: { category: 'security', email: 'immediate' },
  /** An API token expires within API_TOKEN_LIMITS.expiryNoticeDays (once per token). */
  api_token_expiring: { category: 'security', email: 'immediate' },
  // Meetings with an advisor: each invitation e-mail carries the meeting's .ics.
  session_booked: { category: 'calendar', email: 'immediate', personal: true },
  session_rescheduled: { category: 'calendar', email: 'immediate', personal: true },
  session_updated: { category: 'calendar', email: 'immediate', personal: true },
  session_cancelled: { category: 'calendar', email: 'immediate', personal: true },
  /** A session booked inside its advisor's time away, a week before the time away starts: the advisor and the org_admins. */
  session_during_time_away: { category: 'systemAlerts', email: 'immediate', personal: true },
  /** 24 hours and 1 hour before: the person's toggles apply (system alerts). */
  session_reminder: { category: 'systemAlerts', email: 'immediate', personal: true },
  /** An advisor submitted a week or month of time: the organization's org_admins. */
  time_submitted: { category: 'systemAlerts', email: 'batched' },
  /** The org_admin approved, returned or reopened it: the advisor. */
  time_approved: { category: 'systemAlerts', email: 'batched', personal: true },
  time_returned: { category: 'systemAlerts', email: 'immediate', personal: true },
  time_reopened: { category: 'systemAlerts', email: 'immediate', personal: true },
  /** A scheduled backup that was not written, or whose verification failed: every admin. */
  backup_failed: { category: 'systemAlerts', email: 'immediate' },
  /** The system disabled one of the organization's webhook endpoints: its org_admins. */
  webhook_endpoint_disabled: { category: 'systemAlerts', email: 'immediate' },
} as const satisfies Record<string, NotificationTypeInfo>;
export type NotificationType = keyof typeof NOTIFICATION_TYPES;
export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as [NotificationType, ...NotificationType[]];

/** Which SMS toggle an event rides on when its sender marks it urgent (a high task, an urgent ticket, an overdue task). */
export type SmsKey = keyof NotificationPreferences['sms'];

/**
 * What an event says besides its type, stored with it: the record's title at the time, and the
 * change. Every field is optional; the line (notificationLine) uses what its type needs.
 */
export interface NotificationData {
  title?: string;
  /** A task's project and objective, for its link. */
  projectId?: string;
  objectiveId?: string;
  /** A change's old and new value (status, due date). */
  from?: string | null;
  to?: string | null;
  /** A comment's or message's first characters. */
  excerpt?: string;
  /** The record a mention was made in, and what the mention was in (comment or message). */
  mentionedIn?: 'task' | 'ticket' | 'conversation';
  /** The organization's name (advisor and organization alerts). */
  organizationName?: string;
  /** A new browser's description (security). */
  device?: string;
  /** The client address (or IPv6 /64) an API token was used from (security). */
  address?: string;
  /** When an API token expires (ISO instant; the e-mail says it in the recipient's time zone). */
  expiresAt?: string;
  /**
   * A meeting's invitation as it stood at this change: its .ics is rendered from it (UTC instants,
   * its SEQUENCE, REQUEST or CANCEL), so a late delivery never sends a newer state under an older
   * number. The attendees are the people the invitation lists (a removed attendee's CANCEL lists it).
   */
  session?: {
    start: string;
    end: string;
    sequence: number;
    method: 'REQUEST' | 'CANCEL';
    attendeeIds: string[];
  };
  /** Which reminder of a meeting this is. */
  reminder?: MeetingReminderKind;
}

/** The longest excerpt an event keeps of a comment or message. */
export const NOTIFICATION_EXCERPT_LENGTH = 140;

/** One line saying what happened, in the app, the e-mail and the SMS. `actor` is a display name or null. */
export function notificationLine(type: NotificationType, actor: string | null, data: NotificationData): string {
  const who = actor ?? 'Someone';
  const title = data.title ?? '';
  switch (type) {
    case 'task_assigned':
      return `${who} assigned you the task "${title}"`;
    case 'task_completed':
      return `${who} completed the task "${title}"`;
    case 'task_reopened':
      return `${who} reopened the task "${title}"`;
    case 'task_due_date_changed':
      return `${who} changed the due date of "${title}" to ${data.to ?? 'none'}`;
    case 'task_commented':
      return `${who} commented on the task "${title}"`;
    case 'task_due_tomorrow':
      return `The task "${title}" is due tomorrow`;
    case 'task_due_today':
      return `The task "${title}" is due today`;
    case 'task_overdue':
      return `The task "${title}" is overdue`;
    case 'project_status_changed':
      return `${who} changed the status of the project "${title}" to ${humanizeValue(data.to ?? '')}`;
    case 'objective_created':
      return `${who} added an objective to the project "${title}"`;
    case 'message_received':
      return `${who} sent a message in "${title}"`;
    case 'mentioned':
      return `${who} mentioned you in "${title}"`;
    case 'ticket_created':
      return `${who} opened the ticket "${title}"`;
    case 'ticket_assigned':
      return `${who} assigned you the ticket "${title}"`;
    case 'ticket_commented':
      return `${who} commented on the ticket "${title}"`;
    case 'ticket_status_changed':
      return `${who} changed the status of the ticket "${title}" to ${humanizeValue(data.to ?? '')}`;
    case 'ticket_sla_warning':
      return `The ticket "${title}" has used ${SLA_WARNING_PERCENT}% of its ${data.to ?? 'target'} time`;
    case 'ticket_sla_breached':
      return `The ticket "${title}" missed its ${data.to ?? 'target'} time`;
    case 'advisor_assigned':
      return `${who} assigned an advisor to ${data.organizationName ?? 'your organization'}`;
    case 'advisor_removed':
      return `${who} removed an advisor from ${data.organizationName ?? 'your organization'}`;
    case 'organization_closed':
      return `${who} closed the organization ${data.organizationName ?? ''}`.trimEnd();
    case 'organization_reopened':
      return `${who} reopened the organization ${data.organizationName ?? ''}`.trimEnd();
    case 'organization_export_ready':
      return `The export of ${data.organizationName ?? 'the organization'} is ready to download for ${ORGANIZATION_EXPORT_LINK_HOURS} hours`;
    case 'organization_export_failed':
      return `The export of ${data.organizationName ?? 'the organization'} could not be built: please start it again`;
    case 'password_changed':
      return 'Your password was changed';
    case 'new_sign_in':
      return `New sign-in to your account${data.device ? ` from ${data.device}` : ''}`;
    case 'password_reset_requested':
      return 'A password reset was asked for your account';
    case 'two_factor_codes_wrong':
      return `Your password was used to sign in${data.device ? ` from ${data.device}` : ''}, then wrong two-factor codes were given: change your password`;
    case 'api_token_new_address':
      return `The API token "${title}" was used from a new address${data.address ? ` (${data.address})` : ''}`;
    case 'api_token_expiring':
      return `The API token "${title}" expires soon: make a new one for the programs that use it`;
    case 'session_booked':
      return `${who} invited you to the session "${title}"`;
    case 'session_rescheduled':
      return `${who} moved the session "${title}"`;
    case 'session_updated':
      return `${who} updated the session "${title}"`;
    case 'session_cancelled':
      return actor ? `${actor} cancelled the session "${title}"` : `The session "${title}" was cancelled`;
    case 'session_during_time_away':
      return `The session "${title}" falls in its advisor's time away${data.to ? ` (until ${data.to})` : ''}: move or cancel it`;
    case 'session_reminder':
      return `The session "${title}" starts in ${data.reminder === '1h' ? '1 hour' : '24 hours'}`;
    case 'time_submitted':
      return `${who} submitted their time for ${title} in ${data.organizationName ?? 'the organization'} for approval`;
    case 'time_approved':
      return `${who} approved your time for ${title} in ${data.organizationName ?? 'the organization'}`;
    case 'time_returned':
      return `${who} returned your time for ${title} in ${data.organizationName ?? 'the organization'}: ${data.excerpt ?? ''}`.trimEnd();
    case 'time_reopened':
      return `${who} reopened your approved time for ${title} in ${data.organizationName ?? 'the organization'}: ${data.excerpt ?? ''}`.trimEnd();
    case 'backup_failed':
      return data.to === 'verification_failed'
        ? `The backup "${title}" was written but failed its verification`
        : 'The scheduled backup failed';
    case 'webhook_endpoint_disabled':
      return `The webhook endpoint "${title}" was disabled. ${data.excerpt ?? ''}`.trimEnd();
  }
}

/** Inbox tabs. */
export const NOTIFICATION_STATUSES = ['unread', 'all', 'archived'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const EMAIL_DIGEST_CHOICES = ['off', 'daily'] as const;
export type EmailDigest = (typeof EMAIL_DIGEST_CHOICES)[number];

/** The local hour of the daily digest and of "due tomorrow" reminders. */
export const NOTIFICATION_MORNING_HOUR = 8;
/** Snooze choices in the inbox: an hour, or tomorrow at NOTIFICATION_MORNING_HOUR local time. */
export const SNOOZE_HOUR_MS = 60 * 60 * 1000;

/** Defaults of the settings (config.ts reads the environment). */
export const DEFAULT_NOTIFICATION_EMAIL_DELAY_SECONDS = 300;
export const DEFAULT_REMINDER_INTERVAL_SECONDS = 300;
export const DEFAULT_SMS_DAILY_LIMIT_PER_ORGANIZATION = 100;
/**
 * How long a worker's claim on an e-mail batch holds (NOTIFICATION_EMAIL_LEASE_SECONDS): past it,
 * a batch whose worker died is taken over. Longer than any send takes.
 */
export const DEFAULT_NOTIFICATION_EMAIL_LEASE_SECONDS = 60;
/** One SMS segment; longer texts are cut with an ellipsis. */
export const SMS_MAX_LENGTH = 160;
/** An SMS's line keeps at least this many characters beside its link; a link leaving less is left out. */
export const SMS_MIN_LINE_LENGTH = 60;
/**
 * Why an SMS came, before its line. Those events go by SMS only when urgent: a task assigned when it
 * is high priority, a ticket raised or assigned when it is urgent (the overdue reminder says so itself).
 */
const SMS_URGENCY: Partial<Record<NotificationType, string>> = {
  task_assigned: 'High priority',
  ticket_created: 'Urgent ticket',
  ticket_assigned: 'Urgent ticket',
};

/** "High priority: Ann assigned you the task "Call the bank"". */
export function smsLine(type: NotificationType, line: string): string {
  const urgency = SMS_URGENCY[type];
  return urgency ? `${urgency}: ${line}` : line;
}
/** Phone verification: a 6-digit code, valid 10 minutes, 5 tries. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** A new code is sent at most once per this many seconds per user (each one is an SMS someone pays for). */
export const PHONE_CODE_RESEND_SECONDS = 60;
/**
 * Codes sent in a day (24 hours from the first): per account, and per number across accounts (nobody
 * can make the platform text one stranger's phone all day). Each also counts in its organization's
 * daily SMS limit (SMS_DAILY_LIMIT_PER_ORGANIZATION), like every SMS.
 */
export const PHONE_CODES_PER_ACCOUNT_PER_DAY = 5;
export const PHONE_CODES_PER_NUMBER_PER_DAY = 5;
export const PHONE_CODE_COUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Overdue reminders look back this far: tasks overdue for longer were overdue before anyone could be reminded. */
export const OVERDUE_REMINDER_LOOKBACK_DAYS = 7;
/** The longest IANA time-zone name accepted. */
export const MAX_TIME_ZONE_LENGTH = 64;

/** Socket events to the user's own room (every device). */
export const NOTIFICATION_EVENTS = {
  /** A new in-app notification. */
  notification: 'notification',
  /** The unread count changed (a new one, one read, archived or snoozed, on any device). */
  count: 'notifications_count',
} as const;
