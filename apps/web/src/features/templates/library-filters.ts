import { isPopularDepartment, type TemplateDepartment } from '@smart/contracts';
import type { TemplateFilters } from './api';

/** The Smart Templates chips. */
export type LibraryFilter = 'all' | 'popular' | 'recent';
export const LIBRARY_FILTERS: readonly { value: LibraryFilter; label: string }[] = [
  { value: 'all', label: 'All Departments' },
  { value: 'popular', label: 'Popular' },
  { value: 'recent', label: 'Recently Updated' },
];

/** A department page's chips. */
export type DepartmentFilter = 'all' | 'popular' | 'downloads';
export const DEPARTMENT_FILTERS: readonly { value: DepartmentFilter; label: string }[] = [
  { value: 'all', label: 'All Templates' },
  { value: 'popular', label: 'Popular' },
  { value: 'downloads', label: 'Most Downloaded' },
];

/**
 * What a department page's chip asks the server for: every template newest first; the popular ones
 * (more than 100 downloads) newest first; or the popular ones most downloaded first (Most Downloaded
 * holds a template above 100 downloads, decision 0092).
 */
export function departmentTemplateFilters(
  departmentId: string,
  filter: DepartmentFilter,
  search: string,
): TemplateFilters {
  return {
    departmentId,
    search: search || undefined,
    popular: filter !== 'all' || undefined,
    sort: filter === 'downloads' ? 'downloads' : 'updated',
  };
}

/**
 * The stat cards over the active departments: the templates in them, how many there
 * are, and how many are Popular (more than 5 templates).
 */
export function libraryStats(departments: readonly TemplateDepartment[]) {
  const active = departments.filter((department) => department.settings.isActive);
  return {
    totalTemplates: active.reduce((sum, department) => sum + department.templateCount, 0),
    departments: active.length,
    popularCategories: active.filter((department) => isPopularDepartment(department.templateCount)).length,
  };
}
