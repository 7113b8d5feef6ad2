import { Stack } from '@mantine/core';
import { type Advisor, advisorAssignedMessage, assignAdvisorForm, displayName, UI_TEXT } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { SearchSelect } from '@/components/SearchSelect';
import { firstMessage, markedInputProps, useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useAssignAdvisor, useAssignableOrganizations } from '../api';

interface AssignAdvisorModalProps {
  advisor: Advisor;
  onClose: () => void;
}

/**
 * Assign to Org: 'Assign {first} {last} to Organization', an organization
 * picked from a server search ('Please select an organization' without one), 'Assigning...' while
 * the request runs. Mounted while open; closes once the card shows the new assignment, and a toast
 * says who now advises whom.
 */
export function AssignAdvisorModal({ advisor, onClose }: AssignAdvisorModalProps) {
  const assign = useAssignAdvisor(advisor.id);
  const organizations = useAssignableOrganizations(advisor);
  const form = useSavingForm<{ organizationId: string | null }>(assign, {
    initialValues: { organizationId: null },
    validate: validateWith(assignAdvisorForm),
  });

  const submit = form.onSubmit(({ organizationId }) => {
    if (!organizationId) return;
    const organization = organizations.selectProps.options.find((option) => option.value === organizationId);
    assign.mutate(organizationId, {
      onSuccess: () => {
        toastSuccess(advisorAssignedMessage(displayName(advisor), organization?.label ?? 'the organization'));
        onClose();
      },
    });
  });

  const busy = assign.isPending;
  return (
    <LockedModal
      opened
      busy={busy}
      title={`Assign ${advisor.firstName} ${advisor.lastName} to Organization`}
      onClose={onClose}
    >
      <form onSubmit={(event) => (busy ? event.preventDefault() : submit(event))} noValidate>
        <Stack gap="md">
          <FormError message={firstMessage(form.errors) ?? assign.error?.message} />
          <SearchSelect
            label="Organization"
            placeholder={UI_TEXT.chooseOrganization}
            nothingFound="No organization to assign found"
            {...organizations.selectProps}
            {...markedInputProps(form, 'organizationId')}
            error={organizations.isError ? UI_TEXT.loadOrganizationsFailed : 'organizationId' in form.errors}
            disabled={busy}
          />
          <FormActions busy={busy} submitLabel="Assign Advisor" busyLabel={UI_TEXT.assigning} onCancel={onClose} />
        </Stack>
      </form>
    </LockedModal>
  );
}
