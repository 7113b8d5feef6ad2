import type { NotificationPreferences } from '@smart/contracts';

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
 * The toggles the page shows (spec section 2). `email.newsletter` exists in the preferences
 * but deliberately has no toggle.
 */
export const TOGGLE_GROUPS: [ToggleGroupOf<'email'>, ToggleGroupOf<'sms'>, ToggleGroupOf<'inApp'>] = [
  {
    group: 'email',
    title: 'Email notifications',
    description: 'Messages sent to your e-mail address.',
    toggles: [
      { key: 'systemAlerts', label: 'System alerts', description: 'Security notices and service announcements.' },
      { key: 'projectUpdates', label: 'Project updates', description: 'Changes to projects you take part in.' },
      { key: 'taskAssignments', label: 'Task assignments', description: 'When a task is assigned to you.' },
      { key: 'teamMessages', label: 'Team messages', description: 'New messages from your team.' },
    ],
  },
  {
    group: 'sms',
    title: 'SMS notifications',
    description: 'Text messages to your phone.',
    toggles: [
      { key: 'systemAlerts', label: 'System alerts', description: 'Security notices and service announcements.' },
      { key: 'urgentTasks', label: 'Urgent tasks', description: 'Tasks that need your attention today.' },
    ],
  },
  {
    group: 'inApp',
    title: 'In-app notifications',
    description: 'Notices shown while you use S.M.A.R.T.',
    master: 'allNotifications',
    toggles: [
      { key: 'allNotifications', label: 'All notifications', description: 'Show in-app notices at all.' },
      { key: 'projectUpdates', label: 'Project updates', description: 'Changes to projects you take part in.' },
      { key: 'taskAssignments', label: 'Task assignments', description: 'When a task is assigned to you.' },
      { key: 'teamMessages', label: 'Team messages', description: 'New messages from your team.' },
    ],
  },
];

/** True for a toggle its group's master toggle has switched off ('All notifications' off). */
export function isSwitchedOffByMaster(definition: ToggleGroup, values: Record<string, boolean>, key: string): boolean {
  return definition.master !== undefined && key !== definition.master && values[definition.master] === false;
}
