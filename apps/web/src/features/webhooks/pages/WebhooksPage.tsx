import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { permissionsFor, UI_TEXT, WEBHOOK_LIMITS, type WebhookEndpointRecord } from '@smart/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CreateButton } from '@/components/CreateButton';
import { OrganizationPicker } from '@/components/OrganizationPicker';
import { PagedListView } from '@/components/PagedListView';
import { PageTitle } from '@/components/PageTitle';
import { useAuth } from '@/features/auth';
import { useAddressParams } from '@/lib/address-params';
import { useOrganization } from '@/lib/organization-query';
import { paths } from '@/lib/paths';
import { useWebhookEndpoints } from '../api';
import { EndpointFormModal } from '../components/EndpointFormModal';
import { EndpointList } from '../components/EndpointList';
import { SecretModal } from '../components/SecretModal';

/**
 * /dashboard/webhooks: an organization's webhook endpoints (decision 0277), each leading to its
 * page and delivery log. An org_admin adds them; the platform admin sees every organization's,
 * or one's (`?organizationId`), and adds none (an endpoint belongs to the organization it serves).
 */
export default function WebhooksPage() {
  const { user } = useAuth();
  const permissions = permissionsFor(user);
  const navigate = useNavigate();
  const picks = permissions.canAccessAllOrganizations;
  const [params, updateParams] = useAddressParams();
  const organizationId = picks ? params.get('organizationId') : null;
  const organization = useOrganization(organizationId);
  const endpoints = useWebhookEndpoints(organizationId);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ endpoint: WebhookEndpointRecord; secret: string } | null>(null);
  const full = (endpoints.data?.total ?? 0) >= WEBHOOK_LIMITS.maxEndpointsPerOrganization;

  return (
    <Stack gap="lg">
      <PageTitle
        title="Webhooks"
        subtitle="Endpoints that hear about changes as they happen, each delivery signed and logged"
      />
      {picks && (
        <Box maw={360}>
          <OrganizationPicker
            value={organizationId}
            viewing={{ name: organization.data?.name ?? null }}
            onChange={(picked) =>
              updateParams(() => new URLSearchParams(picked ? { organizationId: picked } : {}), { replace: true })
            }
          />
        </Box>
      )}
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          Endpoints{endpoints.data ? ` (${endpoints.data.total})` : ''}
        </Title>
        {!picks && !full && <CreateButton onClick={() => setAdding(true)}>Add endpoint</CreateButton>}
      </Group>
      {full && !picks && (
        <Text size="sm" c="dimmed">
          An organization may have {WEBHOOK_LIMITS.maxEndpointsPerOrganization} endpoints: delete one to add another.
        </Text>
      )}
      <PagedListView
        list={endpoints}
        failMessage={UI_TEXT.fetchWebhooksFailed}
        empty={picks ? 'No organization has an endpoint here.' : UI_TEXT.noWebhooks}
      >
        {(items) => <EndpointList endpoints={items} showOrganization={picks && organizationId === null} />}
      </PagedListView>

      <EndpointFormModal
        opened={adding}
        mode="create"
        onClose={() => setAdding(false)}
        onCreated={(endpoint, secret) => {
          setAdding(false);
          setCreated({ endpoint, secret });
        }}
      />
      <SecretModal
        secret={created?.secret ?? null}
        rotated={false}
        onClose={() => {
          // On to the new endpoint's page, where Send test event tries it.
          if (created) navigate(paths.webhook(created.endpoint.id));
          setCreated(null);
        }}
      />
    </Stack>
  );
}
