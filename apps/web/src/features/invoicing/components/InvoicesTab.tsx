import { Group, Stack } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { CreateButton } from '@/components/CreateButton';
import { PagedListView } from '@/components/PagedListView';
import { useInvoices } from '../api';
import { useOrganizationParam } from '../invoicing-address';
import { useInvoicingRoles } from '../invoicing-roles';
import { InvoiceList } from './InvoiceList';
import { NewInvoiceModal } from './NewInvoiceModal';
import { OrganizationField } from './OrganizationField';

/** The invoices of the organizations one reaches, newest month first, and a new draft for those who draw them up. */
export function InvoicesTab() {
  const { drawsInvoices } = useInvoicingRoles();
  const [organizationId, chooseOrganization] = useOrganizationParam();
  const invoices = useInvoices({ organizationId });
  const [drafting, setDrafting] = useState(false);
  const empty = drawsInvoices
    ? {
        title: 'No invoices yet',
        text: "Start a draft for a month: it holds the month's approved hours at their rates.",
      }
    : {
        title: 'No invoices yet',
        text: "Your advisors' invoices show here once they draw one up from the time you approved.",
      };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <OrganizationField value={organizationId ?? null} onChange={chooseOrganization} />
        {drawsInvoices && <CreateButton onClick={() => setDrafting(true)}>New invoice draft</CreateButton>}
      </Group>
      <PagedListView list={invoices} failMessage={UI_TEXT.fetchInvoicesFailed} empty={empty}>
        {(items) => <InvoiceList invoices={items} />}
      </PagedListView>
      {drafting && <NewInvoiceModal organizationId={organizationId} onClose={() => setDrafting(false)} />}
    </Stack>
  );
}
