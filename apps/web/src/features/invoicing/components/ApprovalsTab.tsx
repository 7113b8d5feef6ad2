import { Group, Select, Stack } from '@mantine/core';
import {
  TIME_APPROVAL_STATUS_LABELS,
  TIME_APPROVAL_STATUSES,
  type TimeApprovalStatus,
  UI_TEXT,
} from '@smart/contracts';
import type { EmptyText } from '@/components/ListView';
import { PagedListView } from '@/components/PagedListView';
import { useAddressParams } from '@/lib/address-params';
import { oneOf, withFilters } from '@/lib/list-address';
import { useTimeApprovals } from '@/lib/time-approvals';
import { useOrganizationParam } from '../invoicing-address';
import { useInvoicingRoles } from '../invoicing-roles';
import { ApprovalList } from './ApprovalList';
import { OrganizationField } from './OrganizationField';

type StatusChoice = TimeApprovalStatus | 'all';
const CHOICES: readonly StatusChoice[] = ['all', ...TIME_APPROVAL_STATUSES];
const STATUS_OPTIONS = CHOICES.map((value) => ({
  value,
  label: value === 'all' ? 'All' : TIME_APPROVAL_STATUS_LABELS[value],
}));

/**
 * The status shown unless the address names one. An org_admin or admin comes here for the time
 * waiting on it (the notification's link lands here), so that is shown first; an advisor follows
 * its own submissions in every state, a returned one (asking it to act) among them.
 */
const defaultStatus = (decides: boolean): StatusChoice => (decides ? 'submitted' : 'all');

function emptyText(status: StatusChoice, decides: boolean): EmptyText {
  if (status === 'submitted' && decides) {
    return {
      title: 'Nothing waiting for approval',
      text: 'When an advisor submits a week or a month of its time, it shows here to approve or return.',
    };
  }
  if (status === 'all') {
    return decides
      ? { title: 'No submitted time yet', text: 'Weeks and months advisors submit show here with their approval.' }
      : {
          title: 'No submitted time yet',
          text: 'Submit a week or a month from your Timesheet: it shows here until it is approved.',
        };
  }
  return `No submitted time is ${TIME_APPROVAL_STATUS_LABELS[status].toLowerCase()}.`;
}

/** Submitted weeks and months, waiting first, filtered by status and organization. */
export function ApprovalsTab() {
  const roles = useInvoicingRoles();
  const [params, updateParams] = useAddressParams();
  const [organizationId, chooseOrganization] = useOrganizationParam();
  const status = oneOf(CHOICES, params.get('status')) ?? defaultStatus(roles.decides);
  const list = useTimeApprovals({ status: status === 'all' ? undefined : status, organizationId });
  const chooseStatus = (value: string | null) =>
    updateParams((latest) => withFilters(latest, { status: value }), { replace: true });

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={chooseStatus}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        <OrganizationField value={organizationId ?? null} onChange={chooseOrganization} />
      </Group>
      <PagedListView
        list={list}
        failMessage={UI_TEXT.fetchTimeApprovalsFailed}
        empty={emptyText(status, roles.decides)}
      >
        {(periods) => <ApprovalList periods={periods} />}
      </PagedListView>
    </Stack>
  );
}
