import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { HiCode } from 'react-icons/hi';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * The way to the organization's API tokens: its org_admin's page of them, or for an admin the
 * list of every token, filtered to this organization.
 */
export function OrganizationApiTokensSection({
  organizationId,
  asAdmin,
}: {
  organizationId: string;
  asAdmin: boolean;
}) {
  const to = asAdmin
    ? `${paths.allApiTokens}?${new URLSearchParams({ organizationId, kind: 'organization' })}`
    : paths.organizationApiTokens;
  return (
    <Paper component="section" aria-labelledby="api-tokens-title" withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" id="api-tokens-title">
          API tokens
        </Title>
        <Text size="sm" c="dimmed">
          {UI_TEXT.organizationApiTokensHelp}
        </Text>
        <Group>
          <Button component={Link} to={to} variant="default" leftSection={<HiCode aria-hidden />}>
            {asAdmin ? "See this organization's tokens" : 'Manage API tokens'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
