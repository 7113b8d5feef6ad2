import { Button, Card, Code, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { UI_TEXT, type webhookDeliveryDetailSchema } from '@smart/contracts';
import { HiRefresh } from 'react-icons/hi';
import type { z } from 'zod';
import { FormError } from '@/components/FormError';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { RecordNotFound } from '@/components/RecordNotFound';
import { isMissing } from '@/components/RecordState';
import { toastSuccess } from '@/lib/toast';
import { useIsPhone } from '@/lib/viewport';
import { formatMomentWithTime } from '@/lib/work-format';
import { useRedeliverWebhook, useWebhookDelivery } from '../api';
import { DeliveryStatusBadge, HttpStatusBadge } from './EndpointStatus';

type DeliveryDetail = z.output<typeof webhookDeliveryDetailSchema>;
type Attempt = DeliveryDetail['attemptLog'][number];

interface DeliveryDetailModalProps {
  endpointId: string;
  /** The delivery shown; null: closed. */
  deliveryId: string | null;
  watching: boolean;
  onRedelivered: () => void;
  onClose: () => void;
}

/** One delivery: the request sent and every attempt with its answer; Redeliver. */
export function DeliveryDetailModal({
  endpointId,
  deliveryId,
  watching,
  onRedelivered,
  onClose,
}: DeliveryDetailModalProps) {
  const phone = useIsPhone();
  return (
    <Modal
      opened={deliveryId !== null}
      onClose={onClose}
      title="Delivery"
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {deliveryId && (
        <DeliveryDetailView
          endpointId={endpointId}
          deliveryId={deliveryId}
          watching={watching}
          onRedelivered={onRedelivered}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function DeliveryDetailView({
  endpointId,
  deliveryId,
  watching,
  onRedelivered,
  onClose,
}: Omit<DeliveryDetailModalProps, 'deliveryId'> & { deliveryId: string }) {
  const delivery = useWebhookDelivery(endpointId, deliveryId, watching);
  const redeliver = useRedeliverWebhook();
  if (delivery.isPending) return <PageLoader />;
  if (delivery.isError) {
    return isMissing(delivery.error) ? (
      <RecordNotFound
        title={UI_TEXT.webhookDeliveryNotFound}
        back={{ label: 'Close', onClick: onClose }}
        onRetry={() => delivery.refetch()}
        retrying={delivery.isFetching}
        order={2}
      />
    ) : (
      <LoadError
        message={delivery.error.message || UI_TEXT.fetchWebhookDeliveryFailed}
        onRetry={() => delivery.refetch()}
        retrying={delivery.isFetching}
      />
    );
  }
  const record = delivery.data;
  const lastAttempt = record.attemptLog.at(-1);
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Text fw={700} ff="monospace">
              {record.eventType}
            </Text>
            <DeliveryStatusBadge status={record.status} />
          </Group>
          {record.permissions.canRedeliver && (
            <Button
              leftSection={<HiRefresh size={16} aria-hidden />}
              loading={redeliver.isPending}
              onClick={() =>
                redeliver.mutate(
                  { endpointId, deliveryId },
                  {
                    onSuccess: () => {
                      toastSuccess(UI_TEXT.webhookRedelivered);
                      onRedelivered();
                    },
                  },
                )
              }
            >
              Redeliver
            </Button>
          )}
        </Group>
        <FormError message={redeliver.error?.message} />
        <Text size="sm">
          <Text span c="dimmed">
            webhook-id{' '}
          </Text>
          <Code>{record.messageId}</Code>
        </Text>
        <Text size="sm" c="dimmed">
          Created {formatMomentWithTime(record.createdAt)} ·{' '}
          {record.attempts === 1 ? '1 attempt' : `${record.attempts} attempts`}
          {record.status === 'pending' && record.nextAttemptAt
            ? ` · next attempt ${formatMomentWithTime(record.nextAttemptAt)}`
            : ''}
        </Text>
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h4">
          Request
        </Title>
        {lastAttempt && <Headers headers={lastAttempt.requestHeaders} label="Request headers" />}
        <Text size="sm" fw={600}>
          Body
        </Text>
        <ScrollingCode label="Request body" maxHeight={320}>
          {prettyJson(record.requestBody)}
        </ScrollingCode>
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h4">
          Attempts
        </Title>
        {record.attemptLog.length === 0 ? (
          <Text c="dimmed">No attempt yet: the first one is on its way.</Text>
        ) : (
          // Newest first: the one that matters now is on top.
          [...record.attemptLog].reverse().map((attempt) => <AttemptCard key={attempt.id} attempt={attempt} />)
        )}
      </Stack>
    </Stack>
  );
}

/** A body that may be taller or wider than its box: it scrolls, and a keyboard can scroll it (focusable). */
function ScrollingCode({ label, maxHeight, children }: { label: string; maxHeight: number; children: string }) {
  return (
    // A scrolling region takes focus, so keys can scroll it (WCAG 2.1.1).
    <Code block tabIndex={0} role="region" aria-label={label} style={{ maxHeight, overflow: 'auto' }}>
      {children}
    </Code>
  );
}

/** The body as it was sent, indented for reading when it is JSON. */
function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const ERROR_TEXT: Record<string, string> = {
  timeout: 'No answer in time',
  network: 'The connection failed',
  refused_address: 'Refused: the address is private, loopback or link-local',
};

function AttemptCard({ attempt }: { attempt: Attempt }) {
  return (
    <Card withBorder padding="sm" aria-label={`Attempt ${attempt.attempt}`} component="section">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>Attempt {attempt.attempt}</Text>
          <HttpStatusBadge status={attempt.responseStatus} />
        </Group>
        <Text size="sm" c="dimmed">
          {formatMomentWithTime(attempt.startedAt)}
          {attempt.durationMs === null ? '' : ` · ${attempt.durationMs} ms`}
        </Text>
        {attempt.error && (
          <Text size="sm" c="red">
            {ERROR_TEXT[attempt.error] ?? attempt.error}
          </Text>
        )}
        {attempt.responseHeaders && <Headers headers={attempt.responseHeaders} label="Response headers" />}
        {attempt.responseBody !== null && (
          <>
            <Text size="sm" fw={600}>
              Response body{attempt.responseBody ? '' : ' (empty)'}
            </Text>
            {attempt.responseBody && (
              <ScrollingCode label={`Response body of attempt ${attempt.attempt}`} maxHeight={200}>
                {attempt.responseBody}
              </ScrollingCode>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function Headers({ headers, label }: { headers: Record<string, string>; label: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return (
    <>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Table withTableBorder fz="xs" aria-label={label} layout="fixed">
        <Table.Tbody>
          {entries.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Td w="35%" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Table.Td>
              <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
