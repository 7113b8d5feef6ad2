import {
  NOTIFICATION_TOGGLE_LABELS as LABELS,
  type NotificationPreferences,
  NOTIFICATION_TOGGLE_DESCRIPTIONS as SENDS,
} from '@smart/contracts';

type Group = keyof NotificationPreferences;

interface ToggleGroupOf<G extends Group> {
  group: G;
  title: string;
  description: string;
  toggles: { key: keyof NotificationPreferences[G] & string; label: string; description: string }[];
  /** The toggle that switches the whole group off: while it is off, the others cannot be changed. */
  master?: keyof NotificationPreferences[G] & string;
}

/** One group's toggles; the keys are checked against that group's preferences. */
export type ToggleGroup = { [G in Group]: ToggleGroupOf<G> }[Group];

/**
 * The toggles the page shows, each saying what it sends (contracts, matching
 * README's event table). `email.newsletter` exists in the preferences but deliberately has no toggle.
 */
export const TOGGLE_GROUPS: [ToggleGroupOf<'email'>, ToggleGroupOf<'sms'>, ToggleGroupOf<'inApp'>] = [
  {
    group: 'email',
    title: 'Email notifications',
    description: 'Messages sent to your e-mail address.',
    toggles: [
      { key: 'systemAlerts', label: LABELS.email.systemAlerts, description: SENDS.email.systemAlerts },
      { key: 'projectUpdates', label: LABELS.email.projectUpdates, description: SENDS.email.projectUpdates },
      { key: 'taskAssignments', label: LABELS.email.taskAssignments, description: SENDS.email.taskAssignments },
      { key: 'teamMessages', label: LABELS.email.teamMessages, description: SENDS.email.teamMessages },
    ],
  },
  {
    group: 'sms',
    title: 'SMS notifications',
    description: 'Text messages to your verified phone number.',
    toggles: [
      { key: 'systemAlerts', label: LABELS.sms.systemAlerts, description: SENDS.sms.systemAlerts },
      { key: 'urgentTasks', label: LABELS.sms.urgentTasks, description: SENDS.sms.urgentTasks },
    ],
  },
  {
    group: 'inApp',
    title: 'In-app notifications',
    description: 'Notices shown while you use S.M.A.R.T.',
    master: 'allNotifications',
    toggles: [
      { key: 'allNotifications', label: LABELS.inApp.allNotifications, description: SENDS.inApp.allNotifications },
      { key: 'projectUpdates', label: LABELS.inApp.projectUpdates, description: SENDS.inApp.projectUpdates },
      { key: 'taskAssignments', label: LABELS.inApp.taskAssignments, description: SENDS.inApp.taskAssignments },
      { key: 'teamMessages', label: LABELS.inApp.teamMessages, description: SENDS.inApp.teamMessages },
    ],
  },
];

/** True for a toggle its group's master toggle has switched off ('All notifications' off). */
export function isSwitchedOffByMaster(definition: ToggleGroup, values: Record<string, boolean>, key: string): boolean {
  return definition.master !== undefined && key !== definition.master && values[definition.master] === false;
}
