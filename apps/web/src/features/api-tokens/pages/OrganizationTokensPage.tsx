import { Stack, Text } from '@mantine/core';
import { permissionsFor, UI_TEXT } from '@smart/contracts';
import { BackLink } from '@/components/BackLink';
import { PageTitle } from '@/components/PageTitle';
import { useAuth } from '@/features/auth';
import { paths } from '@/lib/paths';
import { TokensPanel } from '../components/TokensPanel';

/**
 * /dashboard/organization/api-tokens (org_admins): the organization's tokens, which act as its
 * service identity rather than as a person. An admin reaches every organization's from All API Tokens.
 */
export default function OrganizationTokensPage() {
  const { user } = useAuth();
  const { organizationId } = permissionsFor(user);
  return (
    <Stack gap="lg" maw={1200}>
      <BackLink to={paths.organization}>Organization</BackLink>
      <PageTitle title="Organization API tokens" subtitle={UI_TEXT.organizationApiTokensHelp} />
      {organizationId ? (
        <TokensPanel owner={{ kind: 'organization', organizationId }} />
      ) : (
        <Text c="dimmed" role="status">
          {UI_TEXT.noOrganizationId}
        </Text>
      )}
    </Stack>
  );
}
