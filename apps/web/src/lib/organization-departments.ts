import { departmentEndpoints, UI_TEXT } from '@smart/contracts';
import { api } from './api-client';
import { pagedListOptions, useWholeList } from './paged-list';
import { structureKeys } from './structure-keys';

/**
 * An organization's departments, as the department pickers of the teams and team-members features
 * list them: every page of them (an organization has tens, not thousands), cached under one key for
 * both. It sits under the departments lists, so a department created or renamed anywhere refreshes
 * the pickers.
 */
export function organizationDepartmentsList(organizationId: string) {
  return pagedListOptions([...structureKeys.departmentLists(), 'organization', organizationId], (page, limit) =>
    api(
      departmentEndpoints.list,
      { query: { organizationId, page, limit } },
      { failMessage: UI_TEXT.fetchDepartmentsFailed },
    ),
  );
}

/** Select options ({ value: id, label: name }) of the organization's departments; loading until the last page is in. */
export function useDepartmentOptions(organizationId: string | null | undefined, enabled = true) {
  const list = useWholeList(organizationDepartmentsList(organizationId ?? ''), enabled && Boolean(organizationId));
  return {
    options: list.items?.map((department) => ({ value: department.id, label: department.name })),
    isPending: list.isPending,
    isError: list.isError,
  };
}
