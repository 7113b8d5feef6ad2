import type { TemplateDepartment } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { departmentTemplateFilters, libraryStats } from './library-filters';

const department = (templateCount: number, isActive = true) =>
  ({ templateCount, settings: { isActive, color: 'blue', icon: 'HiUsers' } }) as TemplateDepartment;

describe('libraryStats', () => {
  it('counts templates, departments and popular ones (more than 5 templates) among the active departments', () => {
    expect(libraryStats([department(6), department(5), department(3), department(9, false)])).toEqual({
      totalTemplates: 14,
      departments: 3,
      popularCategories: 1,
    });
  });
});

describe('departmentTemplateFilters', () => {
  it('asks for every template newest first, the popular ones, or the popular ones most downloaded first', () => {
    expect(departmentTemplateFilters('d1', 'all', '')).toEqual({
      departmentId: 'd1',
      search: undefined,
      popular: undefined,
      sort: 'updated',
    });
    expect(departmentTemplateFilters('d1', 'popular', 'leave')).toMatchObject({
      popular: true,
      sort: 'updated',
      search: 'leave',
    });
    expect(departmentTemplateFilters('d1', 'downloads', '')).toMatchObject({ popular: true, sort: 'downloads' });
  });
});
