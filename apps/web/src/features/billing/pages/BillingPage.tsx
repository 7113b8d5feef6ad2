import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { availableSeats, type Organization, permissionsFor, SUBSCRIPTION_PLAN, UI_TEXT } from '@smart/contracts';
import { HiCreditCard, HiDocumentText, HiSparkles } from 'react-icons/hi';
import { Link } from 'react-router';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { useAuth } from '@/features/auth';
import { useOrganization } from '@/lib/organization-query';
import { paths } from '@/lib/paths';
import { useSupportTicket } from '@/lib/support-ticket';
import { StorageUsage } from '../components/StorageUsage';

/** The renewal date: the first day of next month (billing does not exist yet to give one). */
function renewalDate(today = new Date()): string {
  const renewal = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  return renewal.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function EmptyTab({ children }: { children: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Paper>
  );
}

/**
 * The platform bills no subscription yet, so its history is empty; what an organization is billed
 * today are its advisors' hours, whose invoices are on Hours and Invoices (decision 0290).
 */
function BillingHistory() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="xs" align="center">
        <Text c="dimmed" ta="center">
          No subscription invoices yet.
        </Text>
        <Text ta="center">
          Your advisors' invoices for their hours are on{' '}
          <Anchor component={Link} to={paths.invoicing}>
            Hours and Invoices
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}

/** The plan, the organization and its active members against the organization's seats. */
function SubscriptionSummary({ organization }: { organization: Organization }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap={2} mb="lg">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Current plan
        </Text>
        <Title order={2} size="h3">
          {SUBSCRIPTION_PLAN.name}
        </Title>
        <Text size="sm" c="dimmed">
          {organization.seats} seats
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        <Figure label="Organization" value={organization.name} />
        <Figure label="Renewal date" value={renewalDate()} />
        <Figure label="Users" value={organization.memberCount} />
        <Figure label="Available seats" value={availableSeats(organization.seats, organization.memberCount)} />
      </SimpleGrid>
      <SubscriptionRequests organization={organization} />
    </Paper>
  );
}

/**
 * 'Add User Seats' and 'Cancel subscription' (no billing behind them yet) ask the platform through a billing
 * support ticket, filled in with what is asked, so the request reaches someone who can act on it.
 */
function SubscriptionRequests({ organization }: { organization: Organization }) {
  const support = useSupportTicket();
  if (!support.available) return null;
  const seats = `${organization.memberCount} of ${organization.seats} seats are in use.`;
  return (
    <Group gap="sm" mt="lg">
      <Button
        onClick={() =>
          support.open({
            category: 'billing',
            title: `Add user seats for ${organization.name}`,
            description: `Please add user seats to the ${SUBSCRIPTION_PLAN.name} plan of ${organization.name}. ${seats}\nNumber of seats to add: `,
          })
        }
      >
        Add User Seats
      </Button>
      <Button
        variant="default"
        color="red"
        onClick={() =>
          support.open({
            category: 'billing',
            priority: 'high',
            title: `Cancel the subscription of ${organization.name}`,
            description: `Please cancel the ${SUBSCRIPTION_PLAN.name} subscription of ${organization.name} at the end of the current period.\nReason: `,
          })
        }
      >
        Cancel subscription
      </Button>
    </Group>
  );
}

function SubscriptionTab({ organizationId }: { organizationId: string | null }) {
  const organization = useOrganization(organizationId);
  if (!organizationId) {
    return <EmptyTab>{UI_TEXT.noOrganizationIdForUser}</EmptyTab>;
  }
  if (organization.isPending) return <PageLoader />;
  if (organization.isError) {
    return (
      <LoadError
        message={UI_TEXT.fetchOrganizationFailed}
        onRetry={() => organization.refetch()}
        retrying={organization.isFetching}
      />
    );
  }
  return (
    <Stack gap="lg">
      <SubscriptionSummary organization={organization.data} />
      <StorageUsage organizationId={organizationId} />
    </Stack>
  );
}

/**
 * /dashboard/billing (flag canManageBilling). The Subscription tab: the plan, the organization's real member
 * count (active members, counted by the server) and its storage used; its 'Add User Seats' and 'Cancel
 * subscription' buttons open a billing support ticket, filled in. Billing History leads to the advisors' invoices.
 */
export default function BillingPage() {
  const { user } = useAuth();
  const organizationId = permissionsFor(user).organizationId;

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Subscription and Billing</Title>
      <Tabs defaultValue="subscription" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="subscription" leftSection={<HiSparkles aria-hidden />}>
            Subscription
          </Tabs.Tab>
          <Tabs.Tab value="payment-methods" leftSection={<HiCreditCard aria-hidden />}>
            Payment Methods
          </Tabs.Tab>
          <Tabs.Tab value="billing-history" leftSection={<HiDocumentText aria-hidden />}>
            Billing History
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="subscription" pt="lg">
          <SubscriptionTab organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="payment-methods" pt="lg">
          <EmptyTab>No payment methods on file.</EmptyTab>
        </Tabs.Panel>
        <Tabs.Panel value="billing-history" pt="lg">
          <BillingHistory />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
