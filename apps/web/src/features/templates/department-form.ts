import {
  type CreateTemplateDepartmentBody,
  DEFAULT_TEMPLATE_DEPARTMENT_COLOR,
  DEFAULT_TEMPLATE_DEPARTMENT_ICON,
  type TemplateDepartment,
  type TemplateDepartmentColor,
} from '@smart/contracts';
import { type IconFormValues, iconFormValues, iconFromForm } from '@/lib/department-icon';

/** An admin's template department form: the icon is a named icon unless an emoji is typed. */
export interface TemplateDepartmentFormValues extends IconFormValues {
  name: string;
  description: string;
  color: TemplateDepartmentColor;
  isActive: boolean;
}

export const emptyDepartmentForm = (): TemplateDepartmentFormValues => ({
  name: '',
  description: '',
  color: DEFAULT_TEMPLATE_DEPARTMENT_COLOR,
  ...iconFormValues(DEFAULT_TEMPLATE_DEPARTMENT_ICON),
  isActive: true,
});

export const formFromDepartment = (department: TemplateDepartment): TemplateDepartmentFormValues => ({
  name: department.name,
  description: department.description,
  color: department.settings.color,
  ...iconFormValues(department.settings.icon),
  isActive: department.settings.isActive,
});

/** The create and edit body alike (every field is sent); the contracts' schema checks it first. */
export const departmentBody = (values: TemplateDepartmentFormValues) =>
  ({
    name: values.name.trim(),
    description: values.description.trim(),
    settings: { isActive: values.isActive, color: values.color, icon: iconFromForm(values) },
  }) satisfies CreateTemplateDepartmentBody;
