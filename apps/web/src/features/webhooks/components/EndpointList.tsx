import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { WebhookEndpointRecord } from '@smart/contracts';
import { Link } from 'react-router';
import { useOrganization } from '@/lib/organization-query';
import { paths } from '@/lib/paths';
import { useIsPhone } from '@/lib/viewport';
import { EndpointStatusBadge, EndpointStatusNote } from './EndpointStatus';

interface EndpointListProps {
  endpoints: WebhookEndpointRecord[];
  /** An admin's list spans organizations: each row names its own. */
  showOrganization: boolean;
}

const eventCount = (endpoint: WebhookEndpointRecord) =>
  endpoint.eventTypes.length === 1 ? '1 event' : `${endpoint.eventTypes.length} events`;

function OrganizationName({ organizationId }: { organizationId: string }) {
  const organization = useOrganization(organizationId);
  return <>{organization.data?.name ?? (organization.isError ? '—' : '…')}</>;
}

/** Its URL, the link to its page and delivery log. URLs are long: they wrap anywhere. */
function EndpointLink({ endpoint }: { endpoint: WebhookEndpointRecord }) {
  return (
    <Anchor component={Link} to={paths.webhook(endpoint.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {endpoint.url}
    </Anchor>
  );
}

/** An organization's endpoints: a table on a desktop, cards on a phone. */
export function EndpointList({ endpoints, showOrganization }: EndpointListProps) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <Stack gap="sm">
        {endpoints.map((endpoint) => (
          <Card key={endpoint.id} withBorder padding="sm">
            <Stack gap={4}>
              <EndpointLink endpoint={endpoint} />
              {endpoint.description && (
                <Text size="sm" c="dimmed">
                  {endpoint.description}
                </Text>
              )}
              <Group gap="xs">
                <EndpointStatusBadge endpoint={endpoint} />
                <Text size="sm">{eventCount(endpoint)}</Text>
                {showOrganization && (
                  <Text size="sm" c="dimmed">
                    <OrganizationName organizationId={endpoint.organizationId} />
                  </Text>
                )}
              </Group>
              <EndpointStatusNote endpoint={endpoint} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Endpoint</Table.Th>
          {showOrganization && <Table.Th>Organization</Table.Th>}
          <Table.Th>Events</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {endpoints.map((endpoint) => (
          <Table.Tr key={endpoint.id}>
            <Table.Td>
              <EndpointLink endpoint={endpoint} />
              {endpoint.description && (
                <Text size="sm" c="dimmed">
                  {endpoint.description}
                </Text>
              )}
            </Table.Td>
            {showOrganization && (
              <Table.Td>
                <OrganizationName organizationId={endpoint.organizationId} />
              </Table.Td>
            )}
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{eventCount(endpoint)}</Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <EndpointStatusBadge endpoint={endpoint} />
                <EndpointStatusNote endpoint={endpoint} />
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
