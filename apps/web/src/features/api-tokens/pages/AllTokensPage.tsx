import { Box, Group, SegmentedControl, Stack, Switch, Title } from '@mantine/core';
import { API_TOKEN_KINDS, type ApiTokenKind, type ApiTokenRecord, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { NoMatches } from '@/components/ListView';
import { OrganizationFilter } from '@/components/OrganizationFilter';
import { PagedListView } from '@/components/PagedListView';
import { PageTitle } from '@/components/PageTitle';
import { useAddressParams } from '@/lib/address-params';
import { idParam, oneOf, withFilters } from '@/lib/list-address';
import { type AllTokensFilter, useEveryToken } from '../api';
import { RevokeTokenModal } from '../components/RevokeTokenModal';
import { TokenList } from '../components/TokenList';

const KIND_LABELS: Record<ApiTokenKind, string> = { personal: 'Personal', organization: 'Organization' };
const ANY_KIND = 'any';

/** The filters the address holds: ?organizationId, ?kind, ?revoked=true. */
function readFilter(params: URLSearchParams): AllTokensFilter {
  return {
    organizationId: idParam(params, 'organizationId'),
    kind: oneOf(API_TOKEN_KINDS, params.get('kind')),
    includeRevoked: params.get('revoked') === 'true' ? 'true' : undefined,
  };
}

/**
 * /dashboard/all-api-tokens (admins): every token on the platform, live ones first, a page at a time,
 * of one organization or kind when chosen, with Revoke. Revoked ones show on request.
 */
export default function AllTokensPage() {
  const [params, updateParams] = useAddressParams();
  const filter = readFilter(params);
  const tokens = useEveryToken(filter);
  const [revoking, setRevoking] = useState<ApiTokenRecord | null>(null);
  const change = (changes: Record<string, string | null>) =>
    updateParams((latest) => withFilters(latest, changes), { replace: true });
  const filtered = Boolean(filter.organizationId || filter.kind);

  return (
    <Stack gap="lg">
      <PageTitle
        title="All API tokens"
        subtitle="Every person's and organization's tokens, to find one and revoke it"
      />
      <Group gap="md" align="flex-end" wrap="wrap">
        <Box w={320} maw="100%">
          <OrganizationFilter
            reach="all"
            value={filter.organizationId ?? null}
            onChange={(organizationId) => change({ organizationId })}
          />
        </Box>
        <SegmentedControl
          aria-label="Kind"
          value={filter.kind ?? ANY_KIND}
          onChange={(kind) => change({ kind: kind === ANY_KIND ? null : kind })}
          data={[
            { value: ANY_KIND, label: 'All kinds' },
            ...API_TOKEN_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
          ]}
        />
        <Switch
          label="Show revoked"
          checked={filter.includeRevoked === 'true'}
          onChange={(event) => change({ revoked: event.currentTarget.checked ? 'true' : null })}
          mb={8}
        />
      </Group>
      <Title order={2} size="h3">
        Tokens{tokens.data ? ` (${tokens.data.total})` : ''}
      </Title>
      {filtered && tokens.data?.total === 0 ? (
        <NoMatches
          title="No tokens match"
          text="No token of this organization or kind."
          onClear={() => change({ organizationId: null, kind: null })}
        />
      ) : (
        <PagedListView list={tokens} failMessage={UI_TEXT.fetchApiTokensFailed} empty="Nobody has made a token yet.">
          {(items) => <TokenList tokens={items} kind="every" onRevoke={setRevoking} />}
        </PagedListView>
      )}
      <RevokeTokenModal token={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
