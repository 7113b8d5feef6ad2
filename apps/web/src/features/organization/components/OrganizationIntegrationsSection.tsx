import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { HiCode, HiLightningBolt } from 'react-icons/hi';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * The ways to the organization's integrations: its API tokens (its org_admin's page of them, or for
 * an admin the list of every token, filtered to this organization) and its webhook endpoints.
 */
export function OrganizationIntegrationsSection({
  organizationId,
  asAdmin,
}: {
  organizationId: string;
  asAdmin: boolean;
}) {
  const tokens = asAdmin
    ? `${paths.allApiTokens}?${new URLSearchParams({ organizationId, kind: 'organization' })}`
    : paths.organizationApiTokens;
  const webhooks = asAdmin ? `${paths.webhooks}?${new URLSearchParams({ organizationId })}` : paths.webhooks;
  return (
    <Paper component="section" aria-labelledby="integrations-title" withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4" id="integrations-title">
          API tokens and webhooks
        </Title>
        <Text size="sm" c="dimmed">
          {UI_TEXT.organizationApiTokensHelp}
        </Text>
        <Text size="sm" c="dimmed">
          {UI_TEXT.organizationWebhooksHelp}
        </Text>
        <Group>
          <Button component={Link} to={tokens} variant="default" leftSection={<HiCode aria-hidden />}>
            {asAdmin ? "See this organization's tokens" : 'Manage API tokens'}
          </Button>
          <Button component={Link} to={webhooks} variant="default" leftSection={<HiLightningBolt aria-hidden />}>
            {asAdmin ? "See this organization's webhooks" : 'Manage webhooks'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
