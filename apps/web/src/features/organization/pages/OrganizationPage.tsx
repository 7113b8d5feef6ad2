import { Box, Stack, Text } from '@mantine/core';
import { hasRole, permissionsFor, UI_TEXT } from '@smart/contracts';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/LoadError';
import { OrganizationPicker } from '@/components/OrganizationPicker';
import { PageLoader } from '@/components/PageLoader';
import { useAuth } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { useOrganization } from '../api';
import { OrganizationDetailsSection } from '../components/OrganizationDetailsSection';
import { OrganizationExportSection } from '../components/OrganizationExportSection';
import { OrganizationHeader } from '../components/OrganizationHeader';
import { OrganizationIntegrationsSection } from '../components/OrganizationIntegrationsSection';
import { OrganizationSecuritySection } from '../components/OrganizationSecuritySection';
import { OrganizationServiceLevelsSection } from '../components/OrganizationServiceLevelsSection';

/** The query parameter naming the organization an admin looks at. */
const ORGANIZATION_PARAM = 'organizationId';

function Notice({ children }: { children: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl" role="status">
      {children}
    </Text>
  );
}

/**
 * /dashboard/organization (flag canManageSettings): the signed-in user's organization. An admin
 * may pick any other (?organizationId=), to edit it, see that it is closed and reopen it.
 */
export default function OrganizationPage() {
  const { user } = useAuth();
  const permissions = permissionsFor(user);
  const [searchParams, setSearchParams] = useSearchParams();
  const picks = permissions.canAccessAllOrganizations;
  const organizationId = (picks && searchParams.get(ORGANIZATION_PARAM)) || permissions.organizationId;
  const organization = useOrganization(organizationId);

  const picker = picks && (
    <Box maw={360}>
      <OrganizationPicker
        value={organizationId}
        viewing={{ name: organization.data?.name ?? null }}
        onChange={(picked) => setSearchParams(picked ? { [ORGANIZATION_PARAM]: picked } : {})}
      />
    </Box>
  );
  const page = (content: ReactNode) => (
    <Stack gap="lg" maw={960}>
      {picker}
      {content}
    </Stack>
  );

  if (!organizationId) return page(<Notice>{UI_TEXT.noOrganizationId}</Notice>);
  if (organization.isPending) return page(<PageLoader />);
  if (organization.isError) {
    if (organization.error instanceof ApiError && organization.error.status === 404) {
      return page(<Notice>{UI_TEXT.organizationNotFound}</Notice>);
    }
    return page(
      <LoadError
        message={UI_TEXT.fetchOrganizationFailed}
        onRetry={() => organization.refetch()}
        retrying={organization.isFetching}
      />,
    );
  }

  const data = organization.data;
  return page(
    <>
      <OrganizationHeader organization={data} showBilling={permissions.canManageBilling} />
      {/* Keyed by organization, so one organization's form values can never show for another. */}
      <OrganizationDetailsSection key={data.id} organization={data} />
      {data.permissions.canChangeSecurity && (
        <OrganizationSecuritySection key={`security-${data.id}`} organization={data} />
      )}
      {!data.isPlatform && (
        <OrganizationServiceLevelsSection key={`service-levels-${data.id}`} organizationId={data.id} />
      )}
      {data.permissions.canExport && <OrganizationExportSection key={`export-${data.id}`} organization={data} />}
      {(picks || hasRole(user, 'org_admin')) && !data.isPlatform && (
        <OrganizationIntegrationsSection organizationId={data.id} asAdmin={picks} />
      )}
    </>,
  );
}
