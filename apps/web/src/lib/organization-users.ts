import { displayName, MAX_PAGE_SIZE, MESSAGES, type User } from '@smart/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { structureKeys } from './structure-keys';

/**
 * The active members of an organization, as the pickers of the department and team pages list them
 * (GET /api/users/organization/{orgId}, one page of the largest size).
 */
export function getOrganizationUsers(organizationId: string): Promise<User[]> {
  return apiClient.get<User[]>(`/api/users/organization/${encodeURIComponent(organizationId)}?limit=${MAX_PAGE_SIZE}`, {
    failMessage: MESSAGES.fetchAvailableUsersFailed,
  });
}

/** Disabled until the organization is known (a user without one has nobody to pick). */
export function useOrganizationUsers(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: structureKeys.organizationUsers(organizationId ?? ''),
    queryFn: () => getOrganizationUsers(organizationId ?? ''),
    enabled: Boolean(organizationId),
  });
}

export interface UserOption {
  value: string;
  label: string;
}

/**
 * Select options for people, sorted by name: 'Name (e-mail)', or the e-mail alone for someone
 * without a name. `excluded` ids (already in the department or team) are left out.
 */
export function userOptions(users: readonly User[], excluded: ReadonlySet<string> = new Set()): UserOption[] {
  return users
    .filter((user) => !excluded.has(user.id))
    .map((user) => {
      const name = displayName(user, user.email);
      return { value: user.id, label: name === user.email ? user.email : `${name} (${user.email})` };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
