import { Badge, Group, Text } from '@mantine/core';
import { WEBHOOK_DISABLED_REASONS, type WebhookDeliveryStatus, type WebhookEndpointRecord } from '@smart/contracts';
import { formatMomentWithTime } from '@/lib/work-format';

/** The system's reasons (the server's codes) in words; an unknown one shows as it is. */
const DISABLED_REASONS: Record<string, string> = WEBHOOK_DISABLED_REASONS;

type EndpointState = Pick<WebhookEndpointRecord, 'enabled' | 'disabledReason' | 'failingSince'>;

/** Enabled, failing (still enabled) or disabled, and by whom: a person, or the system with its reason. */
export function EndpointStatusBadge({ endpoint }: { endpoint: EndpointState }) {
  if (!endpoint.enabled) {
    return (
      <Badge color={endpoint.disabledReason ? 'red' : 'gray'} variant="light">
        Disabled
      </Badge>
    );
  }
  if (endpoint.failingSince) {
    return (
      <Badge color="orange" variant="light">
        Failing
      </Badge>
    );
  }
  return (
    <Badge color="green" variant="light">
      Enabled
    </Badge>
  );
}

/** The line under the badge: why the system disabled it, or since when it fails. Nothing when all is well. */
export function EndpointStatusNote({ endpoint }: { endpoint: EndpointState }) {
  const note = !endpoint.enabled
    ? endpoint.disabledReason
      ? `Disabled by the system. ${DISABLED_REASONS[endpoint.disabledReason] ?? endpoint.disabledReason}`
      : 'Disabled: nothing is sent until it is enabled'
    : endpoint.failingSince
      ? `Every delivery has failed since ${formatMomentWithTime(endpoint.failingSince)}`
      : null;
  if (!note) return null;
  return (
    <Text size="sm" c={endpoint.enabled || endpoint.disabledReason ? 'red' : 'dimmed'}>
      {note}
    </Text>
  );
}

export function EndpointStatus({ endpoint }: { endpoint: EndpointState }) {
  return (
    <Group gap="xs" wrap="wrap">
      <EndpointStatusBadge endpoint={endpoint} />
      <EndpointStatusNote endpoint={endpoint} />
    </Group>
  );
}

const DELIVERY_BADGES: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'blue' },
  succeeded: { label: 'Succeeded', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { label, color } = DELIVERY_BADGES[status];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

/** An answer's HTTP status as a badge: green 2xx, orange others, gray none. */
export function HttpStatusBadge({ status }: { status: number | null }) {
  if (status === null) {
    return (
      <Badge color="gray" variant="light">
        No answer
      </Badge>
    );
  }
  return (
    <Badge color={status >= 200 && status < 300 ? 'green' : 'orange'} variant="light">
      HTTP {status}
    </Badge>
  );
}
