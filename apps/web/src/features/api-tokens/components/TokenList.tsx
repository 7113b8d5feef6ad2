import { Badge, Button, Card, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ApiTokenRecord } from '@smart/contracts';
import type { ReactNode } from 'react';
import { useIsPhone } from '@/lib/viewport';
import { formatMoment, formatMomentWithTime } from '@/lib/work-format';
import { scopeLines, tokenState } from '../token-form';

/** Which list it is: one's own, an organization's, or every token (the admin's). */
export type TokenListKind = 'mine' | 'organization' | 'every';

interface TokenListProps {
  tokens: ApiTokenRecord[];
  kind: TokenListKind;
  onEdit?: (token: ApiTokenRecord) => void;
  onRevoke: (token: ApiTokenRecord) => void;
}

function StateBadge({ token }: { token: ApiTokenRecord }) {
  const state = tokenState(token);
  if (state === 'revoked') {
    return (
      <Badge color="red" variant="light">
        Revoked {formatMoment(token.revokedAt as string)}
      </Badge>
    );
  }
  if (state === 'expired') {
    return (
      <Badge color="gray" variant="light">
        Expired
      </Badge>
    );
  }
  return null;
}

/** A scope's badge wraps in a narrow column instead of cutting its words off. */
const WRAPPING_BADGE = {
  root: { height: 'auto', maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

function Scopes({ token }: { token: ApiTokenRecord }) {
  const lines = scopeLines(token.scopes);
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No scopes
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {lines.map((line) => (
        <Badge
          key={line.resource}
          variant="light"
          color={line.access === 'write' ? 'orange' : 'blue'}
          tt="none"
          styles={WRAPPING_BADGE}
        >
          {line.text}
        </Badge>
      ))}
    </Group>
  );
}

function LastUsed({ token }: { token: ApiTokenRecord }) {
  if (!token.lastUsedAt) {
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        Never used
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatMomentWithTime(token.lastUsedAt)}
      </Text>
      {token.lastUsedAddress && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          from {token.lastUsedAddress}
        </Text>
      )}
    </Stack>
  );
}

/** Whose token it is: in an organization's list its maker, in the admin's its owner or organization. */
function belongsTo(token: ApiTokenRecord, kind: TokenListKind): string | null {
  const maker = token.owner ? token.owner.name : 'someone who has left';
  if (kind === 'mine') return null;
  if (kind === 'organization') return `Made by ${maker}`;
  if (token.kind === 'organization') return `${token.organizationName}'s organization token, made by ${maker}`;
  return token.owner ? `${token.owner.name} (${token.owner.email})` : null;
}

const organizationsOf = (token: ApiTokenRecord) =>
  token.organizations && (token.organizations.map((organization) => organization.name).join(', ') || 'None');

function Actions({ token, onEdit, onRevoke }: Omit<TokenListProps, 'tokens' | 'kind'> & { token: ApiTokenRecord }) {
  if (token.revokedAt) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {onEdit && token.permissions.canEdit && tokenState(token) === 'live' && (
        <Button size="xs" variant="default" onClick={() => onEdit(token)} aria-label={`Edit ${token.name}`}>
          Edit
        </Button>
      )}
      {token.permissions.canRevoke && (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => onRevoke(token)}
          aria-label={`Revoke ${token.name}`}
        >
          Revoke
        </Button>
      )}
    </Group>
  );
}

function NameCell({ token, kind }: { token: ApiTokenRecord; kind: TokenListKind }) {
  const owner = belongsTo(token, kind);
  const organizations = organizationsOf(token);
  return (
    <Stack gap={4} align="flex-start">
      <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {token.name}
      </Text>
      <Code>{token.prefix}…</Code>
      {owner && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {owner}
        </Text>
      )}
      {organizations && (
        <Text size="xs" c="dimmed">
          Reaches {organizations}
        </Text>
      )}
      <StateBadge token={token} />
    </Stack>
  );
}

/** Expires, with when it was made under it. */
function Dates({ token }: { token: ApiTokenRecord }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatMoment(token.expiresAt)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        made {formatMoment(token.createdAt)}
      </Text>
    </Stack>
  );
}

/** A label and its value in a phone's card. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" w={92} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}

/**
 * Tokens: name and the secret's first characters, whose it is (organization and admin lists), an
 * advisor token's organizations, revoked or expired; scopes; expires and created; last used (time
 * and address). A table on a desktop, a card each on a phone.
 */
export function TokenList({ tokens, kind, onEdit, onRevoke }: TokenListProps) {
  const phone = useIsPhone();

  if (phone) {
    return (
      <Stack gap="sm">
        {tokens.map((token) => (
          <Card key={token.id} withBorder padding="sm" aria-label={token.name} component="article">
            <Stack gap={8}>
              <NameCell token={token} kind={kind} />
              <Scopes token={token} />
              <Line label="Created">
                <Text size="sm">{formatMoment(token.createdAt)}</Text>
              </Line>
              <Line label="Expires">
                <Text size="sm">{formatMoment(token.expiresAt)}</Text>
              </Line>
              <Line label="Last used">
                <LastUsed token={token} />
              </Line>
              <Actions token={token} onEdit={onEdit} onRevoke={onRevoke} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" aria-label="API tokens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Token</Table.Th>
            <Table.Th>Scopes</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Last used</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td maw={320}>
                <NameCell token={token} kind={kind} />
              </Table.Td>
              <Table.Td miw={180} maw={320}>
                <Scopes token={token} />
              </Table.Td>
              <Table.Td>
                <Dates token={token} />
              </Table.Td>
              <Table.Td>
                <LastUsed token={token} />
              </Table.Td>
              <Table.Td>
                <Actions token={token} onEdit={onEdit} onRevoke={onRevoke} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
