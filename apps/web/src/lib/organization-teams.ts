import { teamEndpoints, UI_TEXT } from '@smart/contracts';
import { api } from './api-client';
import { pagedListOptions, useWholeList } from './paged-list';
import { structureKeys } from './structure-keys';

/**
 * An organization's teams for a team picker (a project's or an objective's team): every page of
 * them, under the teams lists, so a team created or renamed anywhere refreshes the pickers.
 */
function organizationTeamsList(organizationId: string) {
  return pagedListOptions([...structureKeys.teamLists(), 'organization', organizationId], (page, limit) =>
    api(teamEndpoints.list, { query: { organizationId, page, limit } }, { failMessage: UI_TEXT.fetchTeamsFailed }),
  );
}

/** Select options ({ value: id, label: name }) of the organization's teams; loading until the last page is in. */
export function useTeamOptions(organizationId: string | null | undefined) {
  const list = useWholeList(organizationTeamsList(organizationId ?? ''), Boolean(organizationId));
  return {
    options: list.items?.map((team) => ({ value: team.id, label: team.name })),
    isError: list.isError,
  };
}
