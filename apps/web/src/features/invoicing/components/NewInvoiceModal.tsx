import { Select, Stack, Text } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { OrganizationFilter } from '@/components/OrganizationFilter';
import { useAdvisedOrganizations } from '@/lib/advised-organizations';
import { paths } from '@/lib/paths';
import { useCreateInvoice } from '../api';
import { lastMonth, recentMonths } from '../invoicing-format';
import { useInvoicingRoles } from '../invoicing-roles';

/** The months offered: three years back, enough to bill late time. */
const MONTHS_OFFERED = 36;

interface NewInvoiceModalProps {
  /** The organization the tab shows, if one: the draft's unless another is chosen. */
  organizationId: string | undefined;
  onClose: () => void;
}

/**
 * Starts the draft of an organization's invoice for a month (last month unless another is chosen)
 * and opens it. An advisor with one organization finds it chosen.
 */
export function NewInvoiceModal({ organizationId, onClose }: NewInvoiceModalProps) {
  const navigate = useNavigate();
  const { reach } = useInvoicingRoles();
  const create = useCreateInvoice();
  const advised = useAdvisedOrganizations(reach === 'advised');
  const onlyAdvised = advised.data?.length === 1 ? advised.data[0]?.organizationId : undefined;
  const [picked, setPicked] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(() => lastMonth());
  const [missing, setMissing] = useState<string | null>(null);
  const chosen = picked ?? organizationId ?? onlyAdvised ?? null;
  const edited = () => {
    create.reset();
    setMissing(null);
  };

  const submit = () => {
    if (!chosen || !month) {
      setMissing(chosen ? UI_TEXT.invoiceMonthInvalid : 'Choose an organization');
      return;
    }
    create.mutate({ organizationId: chosen, month }, { onSuccess: (invoice) => navigate(paths.invoice(invoice.id)) });
  };

  return (
    <LockedModal opened busy={create.isPending} title="New invoice draft" onClose={onClose}>
      <form
        aria-label="New invoice draft"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            A month's approved billable hours at each advisor's hourly rate. The draft follows the approved time until
            it is issued.
          </Text>
          {reach !== 'own' && (
            <OrganizationFilter
              reach={reach}
              value={chosen}
              onChange={(value) => {
                edited();
                setPicked(value);
              }}
              required
            />
          )}
          <Select
            label="Month"
            data={recentMonths(MONTHS_OFFERED)}
            value={month}
            onChange={(value) => {
              edited();
              setMonth(value);
            }}
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <FormError message={missing ?? create.error?.message} />
          <FormActions busy={create.isPending} submitLabel="Start draft" onCancel={onClose} />
        </Stack>
      </form>
    </LockedModal>
  );
}
