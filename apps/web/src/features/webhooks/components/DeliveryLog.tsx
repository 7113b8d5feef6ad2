import { Button, Card, Checkbox, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  UI_TEXT,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  type WebhookDeliveryRecord,
  type WebhookEventType,
} from '@smart/contracts';
import { HiRefresh } from 'react-icons/hi';
import { PagedListView } from '@/components/PagedListView';
import { useIsPhone } from '@/lib/viewport';
import { formatMomentWithTime } from '@/lib/work-format';
import { type DeliveryFilter, useWebhookDeliveries } from '../api';
import { DeliveryStatusBadge, HttpStatusBadge } from './EndpointStatus';

interface DeliveryLogProps {
  endpointId: string;
  filter: DeliveryFilter;
  onFilter: (changes: { status?: 'failed' | null; eventType?: WebhookEventType | null }) => void;
  /** Refreshes itself while this is true and a delivery is pending. */
  watching: boolean;
  onOpen: (delivery: WebhookDeliveryRecord) => void;
}

const attemptsText = (delivery: WebhookDeliveryRecord) =>
  delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`;

/** The endpoint's deliveries, newest first, failed only or of one event type when asked. */
export function DeliveryLog({ endpointId, filter, onFilter, watching, onOpen }: DeliveryLogProps) {
  const deliveries = useWebhookDeliveries(endpointId, filter, watching);
  const filtered = Boolean(filter.status || filter.eventType);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          Deliveries{deliveries.data ? ` (${deliveries.data.total})` : ''}
        </Title>
        <Button
          variant="subtle"
          leftSection={<HiRefresh size={16} aria-hidden />}
          onClick={() => deliveries.refetch()}
          loading={deliveries.isRefetching && !watching}
        >
          Refresh
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Each event to this endpoint, with every attempt; kept {WEBHOOK_LIMITS.logRetentionDays} days.
      </Text>
      <Group gap="md" align="flex-end">
        <Select
          label="Event type"
          placeholder="Every event"
          data={WEBHOOK_EVENT_TYPES}
          value={filter.eventType ?? null}
          onChange={(eventType) => onFilter({ eventType: (eventType as WebhookEventType | null) ?? null })}
          clearable
          searchable
          w={240}
        />
        <Checkbox
          label="Failed only"
          checked={filter.status === 'failed'}
          onChange={(event) => onFilter({ status: event.currentTarget.checked ? 'failed' : null })}
          mb={8}
        />
      </Group>
      <PagedListView
        list={deliveries}
        failMessage={UI_TEXT.fetchWebhookDeliveriesFailed}
        empty={filtered ? UI_TEXT.noMatchingWebhookDeliveries : UI_TEXT.noWebhookDeliveries}
      >
        {(items) => <DeliveryRows deliveries={items} onOpen={onOpen} />}
      </PagedListView>
    </Stack>
  );
}

function DeliveryRows({
  deliveries,
  onOpen,
}: {
  deliveries: WebhookDeliveryRecord[];
  onOpen: (delivery: WebhookDeliveryRecord) => void;
}) {
  const phone = useIsPhone();
  if (phone) {
    return (
      <Stack gap="xs" aria-label="Deliveries" role="list">
        {deliveries.map((delivery) => (
          <Card key={delivery.id} withBorder padding="sm" role="listitem">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {delivery.eventType}
              </Text>
              <DeliveryStatusBadge status={delivery.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {formatMomentWithTime(delivery.createdAt)} · {attemptsText(delivery)}
            </Text>
            <Group justify="space-between" mt={6}>
              <HttpStatusBadge status={delivery.lastStatus} />
              <Button
                variant="light"
                size="xs"
                onClick={() => onOpen(delivery)}
                aria-label={`Details of ${delivery.eventType} delivery`}
              >
                Details
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped highlightOnHover verticalSpacing="xs" aria-label="Deliveries">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Event</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Attempts</Table.Th>
          <Table.Th>Last answer</Table.Th>
          <Table.Th>When</Table.Th>
          <Table.Th>
            <VisuallyHidden>Details</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.map((delivery) => (
          <Table.Tr key={delivery.id}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {delivery.eventType}
              </Text>
            </Table.Td>
            <Table.Td>
              <DeliveryStatusBadge status={delivery.status} />
            </Table.Td>
            <Table.Td>{delivery.attempts}</Table.Td>
            <Table.Td>
              <HttpStatusBadge status={delivery.lastStatus} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMomentWithTime(delivery.createdAt)}</Table.Td>
            <Table.Td ta="right">
              <Button
                variant="light"
                size="xs"
                onClick={() => onOpen(delivery)}
                aria-label={`Details of ${delivery.eventType} delivery`}
              >
                Details
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
