import { Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import {
  UI_TEXT,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGE_KIND_LABELS,
  type WebhookEndpointRecord,
  type WebhookEventType,
} from '@smart/contracts';
import { useState } from 'react';
import { HiPaperAirplane } from 'react-icons/hi';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { ConfirmModal } from '@/components/ConfirmModal';
import { RecordState } from '@/components/RecordState';
import { useAddressParams } from '@/lib/address-params';
import { withFilters } from '@/lib/list-address';
import { paths } from '@/lib/paths';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useIsPhone } from '@/lib/viewport';
import { formatMomentWithTime } from '@/lib/work-format';
import {
  type DeliveryFilter,
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookEndpoint,
} from '../api';
import { DeliveryDetailModal } from '../components/DeliveryDetailModal';
import { DeliveryLog } from '../components/DeliveryLog';
import { EndpointFormModal } from '../components/EndpointFormModal';
import { EndpointStatus } from '../components/EndpointStatus';
import { SecretModal } from '../components/SecretModal';
import { useWatchWindow } from '../watch';
import { MESSAGE_EVENT } from '../webhook-form';

/** /dashboard/webhooks/{endpointId}: one endpoint, what it does with it, and its delivery log. */
export default function WebhookEndpointPage() {
  const { endpointId = '' } = useParams();
  return <EndpointView key={endpointId} endpointId={endpointId} />;
}

function EndpointView({ endpointId }: { endpointId: string }) {
  const { watching, watch } = useWatchWindow();
  const endpoint = useWebhookEndpoint(endpointId, watching);
  return (
    <RecordState
      query={endpoint}
      back={{ to: paths.webhooks, label: 'Back to Webhooks' }}
      notFound={UI_TEXT.webhookNotFound}
      failMessage={UI_TEXT.fetchWebhookFailed}
    >
      {(loaded) => <EndpointDetail endpoint={loaded} watching={watching} watch={watch} />}
    </RecordState>
  );
}

const isEventType = (value: string | null): value is WebhookEventType =>
  value !== null && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

type Confirming = 'delete' | 'rotate' | null;

function EndpointDetail({
  endpoint,
  watching,
  watch,
}: {
  endpoint: WebhookEndpointRecord;
  watching: boolean;
  watch: () => void;
}) {
  const navigate = useNavigate();
  // A URL is one long word: at a phone's title size it would fill the screen.
  const phone = useIsPhone();
  const [params, updateParams] = useAddressParams();
  const eventType = params.get('eventType');
  const filter: DeliveryFilter = {
    ...(params.get('status') === 'failed' && { status: 'failed' }),
    ...(isEventType(eventType) && { eventType }),
  };
  const openDelivery = params.get('delivery');
  const setParam = (changes: Record<string, string | null>) =>
    updateParams((latest) => withFilters(latest, changes), { replace: true });

  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const sendTest = useSendWebhookTest();
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const { canEdit, canDelete } = endpoint.permissions;

  const toggle = () =>
    update.mutate(
      { endpointId: endpoint.id, body: { enabled: !endpoint.enabled } },
      {
        onSuccess: (saved) => toastSuccess(saved.enabled ? UI_TEXT.webhookEnabled : UI_TEXT.webhookDisabled),
        onError: (error) => toastFailure(error.message),
      },
    );
  const test = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => {
        toastSuccess(UI_TEXT.webhookTestSent);
        watch();
      },
      onError: (error) => toastFailure(error.message),
    });

  return (
    <Stack gap="lg">
      <BackLink to={paths.webhooks}>Back to Webhooks</BackLink>
      <Stack gap={6}>
        <Title order={1} size={phone ? 'h3' : 'h2'} style={{ overflowWrap: 'anywhere' }}>
          {endpoint.url}
        </Title>
        {endpoint.description && (
          <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {endpoint.description}
          </Text>
        )}
        <EndpointStatus endpoint={endpoint} />
      </Stack>

      {canEdit && (
        <Group gap="sm">
          <Button
            leftSection={<HiPaperAirplane size={16} aria-hidden style={{ transform: 'rotate(90deg)' }} />}
            onClick={test}
            loading={sendTest.isPending}
            disabled={!endpoint.enabled}
            title={endpoint.enabled ? undefined : 'Enable the endpoint to send to it'}
          >
            Send test event
          </Button>
          <Button variant="default" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="default" onClick={toggle} loading={update.isPending}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button variant="default" onClick={() => setConfirming('rotate')}>
            Rotate secret
          </Button>
          {canDelete && (
            <Button variant="light" color="red" onClick={() => setConfirming('delete')}>
              Delete
            </Button>
          )}
        </Group>
      )}

      <Settings endpoint={endpoint} />

      <DeliveryLog
        endpointId={endpoint.id}
        filter={filter}
        onFilter={(changes) => setParam(changes)}
        watching={watching}
        onOpen={(delivery) => updateParams((latest) => withDelivery(latest, delivery.id))}
      />

      <DeliveryDetailModal
        endpointId={endpoint.id}
        deliveryId={openDelivery}
        watching={watching}
        onRedelivered={watch}
        onClose={() => updateParams((latest) => withDelivery(latest, null), { replace: true })}
      />
      {editing && <EndpointFormModal opened mode="edit" endpoint={endpoint} onClose={() => setEditing(false)} />}
      <ConfirmModal
        opened={confirming === 'rotate'}
        message={UI_TEXT.confirmRotateWebhookSecret}
        confirmLabel="Rotate secret"
        destructive={false}
        busy={rotate.isPending}
        error={rotate.error?.message}
        onClose={() => {
          rotate.reset();
          setConfirming(null);
        }}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: (answer) => {
              setConfirming(null);
              setSecret(answer.secret);
            },
          })
        }
      />
      <ConfirmModal
        opened={confirming === 'delete'}
        message={UI_TEXT.confirmDeleteWebhook}
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => {
          remove.reset();
          setConfirming(null);
        }}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              toastSuccess(UI_TEXT.webhookDeleted);
              navigate(paths.webhooks, { replace: true });
            },
          })
        }
      />
      <SecretModal secret={secret} rotated onClose={() => setSecret(null)} />
    </Stack>
  );
}

function withDelivery(params: URLSearchParams, deliveryId: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (deliveryId) next.set('delivery', deliveryId);
  else next.delete('delivery');
  return next;
}

/** What the endpoint hears and how it is signed. */
function Settings({ endpoint }: { endpoint: WebhookEndpointRecord }) {
  const hearsMessages = endpoint.eventTypes.includes(MESSAGE_EVENT);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Events
      </Title>
      <Group gap={6}>
        {endpoint.eventTypes.map((type) => (
          <Code key={type}>{type}</Code>
        ))}
      </Group>
      {hearsMessages && (
        <Text size="sm" c="dimmed">
          Messages from:{' '}
          {endpoint.messageKinds.length === 0
            ? 'no conversation kind (none is sent)'
            : endpoint.messageKinds.map((kind) => WEBHOOK_MESSAGE_KIND_LABELS[kind].toLowerCase()).join('; ')}
        </Text>
      )}
      <Text size="sm">
        <Text span c="dimmed">
          Signing secret{' '}
        </Text>
        <Code>{endpoint.secretPrefix}…</Code>
        {endpoint.previousSecretExpiresAt && (
          <Text span c="dimmed">
            {' '}
            · the previous one also signs until {formatMomentWithTime(endpoint.previousSecretExpiresAt)}
          </Text>
        )}
      </Text>
      <Text size="sm" c="dimmed">
        Added {formatMomentWithTime(endpoint.createdAt)}
      </Text>
    </Stack>
  );
}
