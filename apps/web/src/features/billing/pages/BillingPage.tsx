import { Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { BILLING_SAMPLE, permissionsFor } from '@smart/contracts';
import { HiCreditCard, HiDocumentText, HiSparkles } from 'react-icons/hi';
import { useAuth } from '@/features/auth';

/**
 * The renewal date of the static sample: the first day of next month. The spec shows a date but
 * gives none, and BILLING_SAMPLE carries none either.
 */
function sampleRenewalDate(today = new Date()): string {
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
 * /dashboard/billing (flag canManageBilling). Static per the spec: only the Subscription tab has
 * content, from BILLING_SAMPLE. Its 'Add User Seats' and 'Cancel subscription' buttons do nothing
 * in the spec, so they are not shown.
 */
export default function BillingPage() {
  const { user } = useAuth();
  const organizationName = permissionsFor(user).organizationName;

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
          <Paper withBorder radius="md" p="lg">
            <Stack gap={2} mb="lg">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Current plan
              </Text>
              <Title order={2} size="h3">
                {BILLING_SAMPLE.planName}
              </Title>
            </Stack>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
              <Figure label="Organization" value={organizationName || 'N/A'} />
              <Figure label="Renewal date" value={sampleRenewalDate()} />
              <Figure label="Users" value={BILLING_SAMPLE.usersCount} />
              <Figure label="Available seats" value={BILLING_SAMPLE.availableSeats} />
            </SimpleGrid>
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="payment-methods" pt="lg">
          <EmptyTab>No payment methods on file.</EmptyTab>
        </Tabs.Panel>
        <Tabs.Panel value="billing-history" pt="lg">
          <EmptyTab>No invoices yet.</EmptyTab>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
