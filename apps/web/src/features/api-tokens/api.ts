import {
  type ApiTokenKind,
  type ApiTokenRecord,
  apiTokenEndpoints,
  type CreateApiTokenBody,
  type EndpointInput,
  UI_TEXT,
} from '@smart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedListOptions, usePagedList } from '@/lib/paged-list';

/** Whose tokens a list or a new token is: the signed-in person's own, or an organization's. */
export type TokenOwner = { kind: 'personal' } | { kind: 'organization'; organizationId: string };

/** The admin's filters of every token (the page's address holds them). */
export interface AllTokensFilter {
  organizationId?: string | undefined;
  kind?: ApiTokenKind | undefined;
  includeRevoked?: 'true' | undefined;
}

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  of: (owner: TokenOwner) => [...apiTokenKeys.all, owner] as const,
  every: (filter: AllTokensFilter) => [...apiTokenKeys.all, 'every', filter] as const,
};

const loadFailed = { failMessage: UI_TEXT.fetchApiTokensFailed };

const ownedTokens = (owner: TokenOwner) =>
  pagedListOptions<ApiTokenRecord>(apiTokenKeys.of(owner), (page, limit) =>
    owner.kind === 'personal'
      ? api(apiTokenEndpoints.listMine, { query: { page, limit } }, loadFailed)
      : api(
          apiTokenEndpoints.listOrganization,
          { params: { organizationId: owner.organizationId }, query: { page, limit } },
          loadFailed,
        ),
  );

/** The signed-in person's tokens, or an organization's: live ones first. */
export const useOwnedTokens = (owner: TokenOwner) => usePagedList(ownedTokens(owner));

const everyToken = (filter: AllTokensFilter) =>
  pagedListOptions<ApiTokenRecord>(apiTokenKeys.every(filter), (page, limit) =>
    api(apiTokenEndpoints.listAll, { query: { ...filter, page, limit } }, loadFailed),
  );

/** Every token on the platform (the admin's page). */
export const useEveryToken = (filter: AllTokensFilter) => usePagedList(everyToken(filter));

/** After any change every list of tokens is read again (a token shows in its owner's list and the admin's). */
function useRefreshTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all });
}

/** A new token: the answer holds its secret, the one time it is shown. */
export function useCreateToken(owner: TokenOwner) {
  const refresh = useRefreshTokens();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) =>
      owner.kind === 'personal'
        ? api(apiTokenEndpoints.createMine, { body }, { failMessage: UI_TEXT.createApiTokenFailed })
        : api(
            apiTokenEndpoints.createOrganization,
            { params: { organizationId: owner.organizationId }, body },
            { failMessage: UI_TEXT.createApiTokenFailed },
          ),
    onSuccess: refresh,
  });
}

export type UpdateTokenBody = EndpointInput<typeof apiTokenEndpoints.update>['body'];

export function useUpdateToken() {
  const refresh = useRefreshTokens();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTokenBody }) =>
      api(apiTokenEndpoints.update, { params: { id }, body }, { failMessage: UI_TEXT.updateApiTokenFailed }),
    onSuccess: refresh,
  });
}

export function useRevokeToken() {
  const refresh = useRefreshTokens();
  return useMutation({
    mutationFn: (id: string) =>
      api(apiTokenEndpoints.revoke, { params: { id } }, { failMessage: UI_TEXT.revokeApiTokenFailed }),
    onSuccess: refresh,
  });
}
