import {
  displayName,
  type MemberStatus,
  type NamedUser,
  PICKER_PAGE_SIZE,
  UI_TEXT,
  type User,
  userEndpoints,
} from '@smart/contracts';
import { api } from './api-client';
import { useServerSearch } from './search';
import { structureKeys } from './structure-keys';

interface DirectoryQuery {
  page?: number;
  limit: number;
  search?: string;
  /** Active members unless said otherwise. */
  status?: MemberStatus;
}

/**
 * A page of an organization's members, active ones unless `status` says otherwise, the source of
 * the Team Members page and of every people picker. `search` keeps those whose name or e-mail contains it.
 */
export function getOrganizationUserPage(organizationId: string, query: DirectoryQuery) {
  return api(
    userEndpoints.listByOrganization,
    { params: { orgId: organizationId }, query },
    { failMessage: UI_TEXT.fetchAvailableUsersFailed },
  );
}

/** 'Name (e-mail)', or the e-mail alone for someone without a name. */
export function personLabel(user: NamedUser & { email: string }): string {
  const name = displayName(user, user.email);
  return name === user.email ? user.email : `${name} (${user.email})`;
}

interface PeopleSearch {
  /** People the picker leaves out (already in the department or team). */
  exclude?: (user: User) => boolean;
  /** A second line under a person's name. */
  detail?: (user: User) => string | null;
}

/**
 * A people picker's data: the organization's active members whose name or e-mail contains what is
 * typed, PICKER_PAGE_SIZE at a time (an organization may have thousands).
 */
export function usePeopleSearch(organizationId: string | null | undefined, { exclude, detail }: PeopleSearch = {}) {
  return useServerSearch<User>({
    queryKey: [...structureKeys.organizationUsers(organizationId ?? ''), 'search'],
    fetchMatches: (search) => getOrganizationUserPage(organizationId ?? '', { search, limit: PICKER_PAGE_SIZE }),
    toOption: (user) => ({ value: user.id, label: personLabel(user), detail: detail?.(user) ?? null }),
    exclude,
    enabled: Boolean(organizationId),
  });
}
