import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { type ApiTokenRecord, hasRole, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { CreateButton } from '@/components/CreateButton';
import { PagedListView } from '@/components/PagedListView';
import { useAuth } from '@/features/auth';
import { useAdvisedOrganizations } from '@/lib/advised-organizations';
import { type TokenOwner, useOwnedTokens } from '../api';
import { CreateTokenModal } from './CreateTokenModal';
import { EditTokenModal } from './EditTokenModal';
import { RevokeTokenModal } from './RevokeTokenModal';
import type { OrganizationChoice } from './TokenFormFields';
import { TokenList } from './TokenList';

/**
 * One owner's tokens (the person's own, or an organization's) with Create, Edit and Revoke. An
 * advisor's personal token names the organizations it reaches: those it advises now, all checked.
 */
export function TokensPanel({ owner }: { owner: TokenOwner }) {
  const { user } = useAuth();
  const tokens = useOwnedTokens(owner);
  const bindsOrganizations = owner.kind === 'personal' && hasRole(user, 'advisor');
  const advised = useAdvisedOrganizations(bindsOrganizations);
  const advisedChoices: OrganizationChoice[] | undefined = bindsOrganizations
    ? advised.data?.map((entry) => ({ id: entry.organizationId, name: entry.organizationName }))
    : undefined;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiTokenRecord | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenRecord | null>(null);
  // An advisor's form starts from the organizations it advises: it waits for them.
  const ready = !bindsOrganizations || advisedChoices !== undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          Tokens{tokens.data ? ` (${tokens.data.total})` : ''}
        </Title>
        {ready && <CreateButton onClick={() => setCreating(true)}>Create token</CreateButton>}
      </Group>
      {advised.isError && (
        <Text c="red" size="sm" role="alert">
          {UI_TEXT.loadAssignedOrganizationsFailed}
        </Text>
      )}
      <PagedListView
        list={tokens}
        failMessage={UI_TEXT.fetchApiTokensFailed}
        empty={{
          title: 'No tokens yet',
          text:
            owner.kind === 'organization'
              ? 'Create one for an integration that should keep working whoever leaves.'
              : 'Create one for a script or a tool that should use S.M.A.R.T. as you.',
        }}
      >
        {(items) => (
          <TokenList
            tokens={items}
            kind={owner.kind === 'organization' ? 'organization' : 'mine'}
            onEdit={setEditing}
            onRevoke={setRevoking}
          />
        )}
      </PagedListView>
      <Text size="sm" c="dimmed">
        Programs send a token as <code>Authorization: Bearer …</code>. Every operation and the scope it needs are in the{' '}
        <Anchor href="/api/docs" target="_blank" size="sm" underline="always">
          API reference
        </Anchor>
        .
      </Text>
      <CreateTokenModal
        opened={creating}
        owner={owner}
        organizations={advisedChoices}
        onClose={() => setCreating(false)}
      />
      <EditTokenModal token={editing} advised={advisedChoices} onClose={() => setEditing(null)} />
      <RevokeTokenModal token={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
