import {
  type CreateDepartmentBody,
  DEFAULT_DEPARTMENT_ICON,
  type Department,
  type UpdateDepartmentBody,
} from '@smart/contracts';
import { iconFormValues, iconFromForm } from '@/lib/department-icon';

/** What the create and edit modals hold. The icon is a named icon unless an emoji is typed. */
export interface DepartmentFormValues {
  name: string;
  description: string;
  /** The picked named icon. */
  icon: string;
  /** A typed emoji; when not blank it wins over the named icon. */
  emoji: string;
  /** The manager's user id; only the Details tab's edit modal shows it. */
  managerId: string | null;
  /** The organization of a new department: an admin picks it; everyone else creates in its own (null). */
  organizationId: string | null;
}

export const EMPTY_DEPARTMENT_FORM: DepartmentFormValues = {
  name: '',
  description: '',
  icon: DEFAULT_DEPARTMENT_ICON,
  emoji: '',
  managerId: null,
  organizationId: null,
};

export function formFromDepartment(department: Department): DepartmentFormValues {
  return {
    name: department.name,
    description: department.description ?? '',
    ...iconFormValues(department.settings.icon),
    managerId: department.manager?.id ?? null,
    organizationId: department.organizationId,
  };
}

/**
 * The body of an edit: trimmed texts, the typed emoji or else the picked icon, and the manager
 * only from the modal that shows it (none meaning none). The contracts' schema checks it.
 */
export function departmentBody(values: DepartmentFormValues, withManager: boolean): UpdateDepartmentBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    settings: { icon: iconFromForm(values) },
    ...(withManager ? { manager: values.managerId } : {}),
  };
}

/** The body of a new department; the organization only when one was picked (an admin's choice). */
export function createDepartmentBody(values: DepartmentFormValues): CreateDepartmentBody {
  return {
    ...departmentBody(values, false),
    name: values.name.trim(),
    ...(values.organizationId ? { organizationId: values.organizationId } : {}),
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The card line 'N team(s) and M team member(s)', in proper singular or plural. */
export function departmentSummary(department: Pick<Department, 'teamCount' | 'memberCount'>): string {
  return `${plural(department.teamCount, 'team', 'teams')} and ${plural(department.memberCount, 'team member', 'team members')}`;
}
