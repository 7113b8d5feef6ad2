import {
  type CreateDepartmentBody,
  DEFAULT_DEPARTMENT_ICON,
  type Department,
  isDepartmentIcon,
  type UpdateDepartmentBody,
} from '@smart/contracts';
import { isNamedIcon } from './department-icons';

/** What the create and edit modals hold. The icon is a named icon unless an emoji is typed. */
export interface DepartmentFormValues {
  name: string;
  description: string;
  /** The picked named icon. */
  icon: string;
  /** A typed emoji; when not blank it wins over the named icon. */
  emoji: string;
  /** The manager's user id ('' for none); only the Details tab's edit modal shows it. */
  managerId: string;
}

export const EMPTY_DEPARTMENT_FORM: DepartmentFormValues = {
  name: '',
  description: '',
  icon: DEFAULT_DEPARTMENT_ICON,
  emoji: '',
  managerId: '',
};

export function formFromDepartment(department: Department): DepartmentFormValues {
  const icon = department.settings.icon || DEFAULT_DEPARTMENT_ICON;
  const named = isNamedIcon(icon);
  return {
    name: department.name,
    description: department.description ?? '',
    icon: named ? icon : DEFAULT_DEPARTMENT_ICON,
    emoji: named ? '' : icon,
    managerId: department.manager?.id ?? '',
  };
}

/** The icon to save, or null when the typed emoji is not a single emoji. */
export function chosenIcon(values: Pick<DepartmentFormValues, 'icon' | 'emoji'>): string | null {
  const emoji = values.emoji.trim();
  if (!emoji) return values.icon;
  return isDepartmentIcon(emoji) ? emoji : null;
}

/**
 * The body to send, or null when nothing may be sent: a blank name (spec section 5: silently
 * nothing on create, save disabled on edit) or an invalid emoji (its field shows why).
 */
export function departmentBody(values: DepartmentFormValues, withManager: boolean): UpdateDepartmentBody | null {
  const name = values.name.trim();
  const icon = chosenIcon(values);
  if (!name || icon === null) return null;
  return {
    name,
    description: values.description.trim(),
    settings: { icon },
    ...(withManager ? { manager: values.managerId || null } : {}),
  };
}

export function createDepartmentBody(values: DepartmentFormValues): CreateDepartmentBody | null {
  const body = departmentBody(values, false);
  return body ? { ...body, name: values.name.trim() } : null;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The card line 'N team(s) and M team member(s)', in proper singular or plural. */
export function departmentSummary(department: Pick<Department, 'teamCount' | 'memberCount'>): string {
  return `${plural(department.teamCount, 'team', 'teams')} and ${plural(department.memberCount, 'team member', 'team members')}`;
}
