import { Avatar, Badge, Button, Group, Paper, Stack, Title, useMatches } from '@mantine/core';
import type { Organization } from '@smart/contracts';
import { HiCreditCard, HiOfficeBuilding } from 'react-icons/hi';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { LogoUpload } from './LogoUpload';
import { CloseAccountLink, ClosedAccountNotice, ClosedBadge } from './OrganizationAccount';

interface OrganizationHeaderProps {
  organization: Organization;
  /** Holders of canManageBilling get the way to the Subscription and Billing page (it has no menu entry). */
  showBilling: boolean;
}

/**
 * Name, 'Organization' badge and logo (or a placeholder), with Upload Logo and Close Organization
 * Account; a closed organization says so, with Reopen for an admin.
 */
export function OrganizationHeader({ organization, showBilling }: OrganizationHeaderProps) {
  // Phones get a smaller logo and title, so a long name does not push the header off screen.
  const compact = useMatches({ base: true, sm: false });
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" gap="lg">
        <Group gap="lg" align="center" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar
            src={organization.logo}
            alt={organization.logo ? `${organization.name} logo` : undefined}
            size={compact ? 64 : 88}
            radius="md"
            color="slate"
            imageProps={{ style: { objectFit: 'contain' } }}
          >
            <HiOfficeBuilding size={compact ? 30 : 40} aria-hidden />
          </Avatar>
          <Stack gap="xs" style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="wrap">
              <Title order={1} size={compact ? 'h2' : 'h1'} style={{ overflowWrap: 'anywhere' }}>
                {organization.name}
              </Title>
              <Badge variant="light" size="lg">
                Organization
              </Badge>
              {organization.closedAt && <ClosedBadge />}
            </Group>
            <LogoUpload organizationId={organization.id} />
            {organization.permissions.canClose && <CloseAccountLink organization={organization} />}
            {organization.closedAt && (
              <ClosedAccountNotice organization={organization} closedAt={organization.closedAt} />
            )}
          </Stack>
        </Group>
        {showBilling && (
          <Button component={Link} to={paths.billing} variant="default" leftSection={<HiCreditCard aria-hidden />}>
            Subscription and Billing
          </Button>
        )}
      </Group>
    </Paper>
  );
}
