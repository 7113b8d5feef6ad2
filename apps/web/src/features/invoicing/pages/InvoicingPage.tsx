import { Stack, Tabs } from '@mantine/core';
import { PageTitle } from '@/components/PageTitle';
import { useAddressParams } from '@/lib/address-params';
import { ApprovalsTab } from '../components/ApprovalsTab';
import { InvoicesTab } from '../components/InvoicesTab';
import { RatesTab } from '../components/RatesTab';
import { INVOICING_TABS, type InvoicingTab, readTab } from '../invoicing-address';

/**
 * /dashboard/invoicing (advisors, org_admins, admin; decision 0290): submitted time and its
 * approval, the invoices approved time becomes, and the rates and tax they are priced with. The tab
 * and the organization looked at are kept in the address; a tab's own filters go when it changes.
 */
export default function InvoicingPage() {
  const [params, updateParams] = useAddressParams();
  const tab = readTab(params);
  const openTab = (value: string | null) => {
    const next = INVOICING_TABS.find((one) => one === value);
    if (!next) return;
    updateParams(
      (latest) => {
        const organizationId = latest.get('organizationId');
        return { tab: next, ...(organizationId && { organizationId }) };
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="lg">
      <PageTitle
        title="Hours and Invoices"
        subtitle="Submitted time and its approval, the invoices approved hours become, and their rates"
      />
      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value={'approvals' satisfies InvoicingTab}>Approvals</Tabs.Tab>
          <Tabs.Tab value={'invoices' satisfies InvoicingTab}>Invoices</Tabs.Tab>
          <Tabs.Tab value={'rates' satisfies InvoicingTab}>Rates and tax</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="approvals" pt="lg">
          <ApprovalsTab />
        </Tabs.Panel>
        <Tabs.Panel value="invoices" pt="lg">
          <InvoicesTab />
        </Tabs.Panel>
        <Tabs.Panel value="rates" pt="lg">
          <RatesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
