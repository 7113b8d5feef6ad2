import { formatHour } from './format.js';
import { NOTIFICATION_MORNING_HOUR, type NotificationPreferences } from './notifications.js';

/*
 * What each notification toggle sends, in one line (README's event table). The preferences page shows
 * these under the toggles; the README's table of events × recipients × toggle says the same.
 */

const TASK_ASSIGNMENTS =
  'A task assigned to you; completion, reopening, due-date changes and comments on tasks you created or are assigned to; due-date reminders.';
const PROJECT_UPDATES = 'Status changes of projects you created, lead or have tasks in, and new objectives in them.';
const TEAM_MESSAGES =
  'New messages in your conversations while you are not viewing them, and @mentions of you in comments and messages.';
const SYSTEM_ALERTS =
  'Tickets: new ones in organizations you manage or advise, ones assigned to you, comments and status changes on yours; advisors assigned or removed; your organization closed or reopened.';

export const NOTIFICATION_TOGGLE_DESCRIPTIONS = {
  email: {
    systemAlerts: SYSTEM_ALERTS,
    // Stored but with no toggle on the page; nothing is sent for it.
    newsletter: 'News about S.M.A.R.T.',
    projectUpdates: PROJECT_UPDATES,
    taskAssignments: TASK_ASSIGNMENTS,
    teamMessages: TEAM_MESSAGES,
  },
  sms: {
    // The README's table: the urgent system alerts (an urgent ticket assigned to you goes under urgentTasks).
    systemAlerts: 'A new urgent ticket in an organization you manage or advise, and your organization being closed.',
    urgentTasks: 'A high-priority task or an urgent ticket assigned to you, and your tasks becoming overdue.',
  },
  inApp: {
    allNotifications: 'The bell and the inbox, ticket and organization alerts included. Off: nothing shows there.',
    projectUpdates: PROJECT_UPDATES,
    taskAssignments: TASK_ASSIGNMENTS,
    teamMessages: TEAM_MESSAGES,
  },
} as const satisfies { [G in keyof NotificationPreferences]: Record<keyof NotificationPreferences[G], string> };

/** Each toggle's name, as the preferences page shows it and the unsubscribe page names it. */
export const NOTIFICATION_TOGGLE_LABELS = {
  email: {
    systemAlerts: 'System alerts',
    newsletter: 'Newsletter',
    projectUpdates: 'Project updates',
    taskAssignments: 'Task assignments',
    teamMessages: 'Team messages',
  },
  sms: { systemAlerts: 'System alerts', urgentTasks: 'Urgent tasks' },
  inApp: {
    allNotifications: 'All notifications',
    projectUpdates: 'Project updates',
    taskAssignments: 'Task assignments',
    teamMessages: 'Team messages',
  },
} as const satisfies { [G in keyof NotificationPreferences]: Record<keyof NotificationPreferences[G], string> };

/** What an e-mail's unsubscribe link turns off: one e-mail toggle, or `all` (a daily digest mixes them). */
export type UnsubscribeKind = Exclude<keyof NotificationPreferences['email'], 'newsletter'> | 'all';

/** The e-mails an unsubscribe link stops, in words: "“Task assignments” e-mails". */
export const unsubscribeKindText = (kind: UnsubscribeKind) =>
  kind === 'all'
    ? 'the daily digest and all other notification e-mails'
    : `“${NOTIFICATION_TOGGLE_LABELS.email[kind]}” e-mails`;

/** The unsubscribe page's question, naming what stops and where it goes. */
export const unsubscribeQuestion = (kind: UnsubscribeKind, address: string) =>
  `Stop ${unsubscribeKindText(kind)} to ${address}?`;

/** The unsubscribe page once done, naming what stopped and where. */
export const unsubscribedMessage = (kind: UnsubscribeKind, address: string) =>
  `You will no longer receive ${unsubscribeKindText(kind)} at ${address}.`;

/** What a kind of e-mail brings, under the question (the daily digest: whatever one's toggles let through). */
export const unsubscribeKindDescription = (kind: UnsubscribeKind) =>
  kind === 'all'
    ? 'The daily digest gathers the notifications of every e-mail toggle that is on.'
    : NOTIFICATION_TOGGLE_DESCRIPTIONS.email[kind];

/** Security notices have no toggle: they are always e-mailed. */
export const SECURITY_NOTICES = {
  label: 'Security notices',
  description: 'Your password changed, a sign-in from a new browser, a password reset asked for.',
  alwaysOn: 'Always on: these keep your account safe.',
} as const;

/** SMS go only to a phone number verified with a code sent to it. */
export const SMS_NEEDS_VERIFIED_PHONE = 'Needs a verified phone number.';

/** The digest choice as the preferences page words it. */
export const EMAIL_DIGEST_LABELS = {
  off: 'Off: e-mails as things happen',
  daily: `Daily at ${formatHour(NOTIFICATION_MORNING_HOUR)} in your time zone`,
} as const;

/** The preferences page's own texts (the server's answers bring theirs: UI_TEXT.phoneCodeInvalid …). */
export const NOTIFICATION_SETTINGS_TEXT = {
  timeZoneLabel: 'Time zone',
  timeZoneDescription: 'Reminders and the daily digest follow your day here.',
  digestLabel: 'E-mail digest',
  phoneLabel: 'Phone for SMS',
  noPhone: 'No phone number on your profile.',
  addPhone: 'Add one on your profile',
  sendCode: 'Send code',
  sendCodeAgain: 'Send a new code',
  codeLabel: '6-digit code',
  verify: 'Verify',
  verified: 'Verified',
  sendCodeFailed: 'Failed to send the code',
  verifyFailed: 'Failed to verify the code',
  subscriptionLoadFailed: 'Failed to load whether you follow this',
} as const;
