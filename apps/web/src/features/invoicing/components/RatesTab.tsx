import { Stack } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { EmptyState } from '@/components/ListView';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { useAdvisedOrganizations } from '@/lib/advised-organizations';
import { useInvoicingSettings, useRates } from '../api';
import { useOrganizationParam } from '../invoicing-address';
import { useInvoicingRoles } from '../invoicing-roles';
import { InvoicingSettingsSection } from './InvoicingSettingsSection';
import { OrganizationField } from './OrganizationField';
import { RatesSection } from './RatesSection';

/**
 * One organization's invoicing terms: its currency and tax rate, and its advisors' hourly rates.
 * An org_admin sees its own; an advisor the first it advises unless it picks another; an admin
 * picks one.
 */
export function RatesTab() {
  const roles = useInvoicingRoles();
  const [chosen, chooseOrganization] = useOrganizationParam();
  const advised = useAdvisedOrganizations(roles.reach === 'advised');
  const organizationId = roles.ownOrganizationId ?? chosen ?? advised.data?.[0]?.organizationId ?? null;
  const noneAdvised = roles.reach === 'advised' && advised.data?.length === 0;
  return (
    <Stack gap="lg">
      <OrganizationField value={organizationId} onChange={chooseOrganization} required />
      {organizationId ? (
        <OrganizationTerms key={organizationId} organizationId={organizationId} />
      ) : noneAdvised ? (
        <EmptyState empty="You advise no organization yet: its rates and tax show here once you do." />
      ) : roles.reach === 'all' ? (
        <EmptyState empty="Choose an organization to see its currency, tax rate and hourly rates." />
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

function OrganizationTerms({ organizationId }: { organizationId: string }) {
  const settings = useInvoicingSettings(organizationId);
  const rates = useRates(organizationId);
  if (settings.isPending || rates.isPending) return <PageLoader />;
  if (settings.isError || rates.isError) {
    return (
      <LoadError
        message={settings.error?.message ?? rates.error?.message ?? UI_TEXT.fetchInvoicesFailed}
        onRetry={() => Promise.all([settings.refetch(), rates.refetch()])}
        retrying={settings.isFetching || rates.isFetching}
      />
    );
  }
  return (
    <Stack gap="lg">
      <InvoicingSettingsSection settings={settings.data} hasRates={rates.data.length > 0} />
      <RatesSection organizationId={organizationId} settings={settings.data} rates={rates.data} />
    </Stack>
  );
}
