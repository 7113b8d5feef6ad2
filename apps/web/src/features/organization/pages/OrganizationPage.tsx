import { Stack, Text } from '@mantine/core';
import { MESSAGES, permissionsFor } from '@smart/contracts';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { useAuth } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { useOrganization } from '../api';
import { OrganizationDetailsSection } from '../components/OrganizationDetailsSection';
import { OrganizationHeader } from '../components/OrganizationHeader';

function Notice({ children }: { children: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl" role="status">
      {children}
    </Text>
  );
}

/** /dashboard/organization (flag canManageSettings): the signed-in user's organization. */
export default function OrganizationPage() {
  const { user } = useAuth();
  const permissions = permissionsFor(user);
  const organizationId = permissions.organizationId;
  const organization = useOrganization(organizationId);

  if (!organizationId) return <Notice>{MESSAGES.noOrganizationId}</Notice>;
  if (organization.isPending) return <PageLoader />;
  if (organization.isError) {
    if (organization.error instanceof ApiError && organization.error.status === 404) {
      return <Notice>{MESSAGES.organizationNotFound}</Notice>;
    }
    return (
      <LoadError
        message={MESSAGES.fetchOrganizationFailed}
        onRetry={() => organization.refetch()}
        retrying={organization.isFetching}
      />
    );
  }

  const data = organization.data;
  return (
    <Stack gap="lg" maw={960}>
      <OrganizationHeader organization={data} showBilling={permissions.canManageBilling} />
      {/* Keyed by organization, so one organization's form values can never show for another. */}
      <OrganizationDetailsSection key={data.id} organization={data} />
    </Stack>
  );
}
