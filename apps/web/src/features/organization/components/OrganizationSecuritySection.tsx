import { Anchor, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { Organization } from '@smart/contracts';
import { Link } from 'react-router';
import { FormError } from '@/components/FormError';
import { useAuth } from '@/features/auth';
import { paths } from '@/lib/paths';
import { useUpdateOrganizationSecurity } from '../api';

/**
 * Sign-in security (for whoever the record's permissions allow: its org_admin, admin): require
 * two-factor sign-in of the organization's people; on the platform organization, of the staff.
 */
export function OrganizationSecuritySection({ organization }: { organization: Organization }) {
  const { user } = useAuth();
  const update = useUpdateOrganizationSecurity(organization.id);
  const who = organization.isPlatform ? 'Admins and advisors' : 'Everyone in this organization';
  const required = update.isPending ? !organization.requireTwoFactor : organization.requireTwoFactor;

  return (
    <Paper component="section" aria-labelledby="security-title" withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" id="security-title">
          Sign-in security
        </Title>
        <Switch
          label="Require two-factor sign-in"
          description={`${who} must sign in with a code from an authenticator app. Those without one set it up at their next step in S.M.A.R.T., before anything else.`}
          checked={required}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ requireTwoFactor: event.currentTarget.checked })}
        />
        {!organization.requireTwoFactor && user && !user.twoFactorEnabled && !update.error && (
          <Text size="sm" c="dimmed">
            To require it, first turn it on for your own account on{' '}
            <Anchor component={Link} to={paths.profile} size="sm" underline="always">
              My Profile
            </Anchor>
            .
          </Text>
        )}
        <FormError message={update.error?.message} />
      </Stack>
    </Paper>
  );
}
