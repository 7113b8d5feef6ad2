import { Stack } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { NewAccountFields } from '@/components/NewAccountFields';
import { firstMessage, useSavingForm } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { advisorBodyFrom, checkNewAdvisor, EMPTY_NEW_ADVISOR, type NewAdvisorValues } from '../advisor-form';
import { useAddAdvisor } from '../api';
import { AdvisorProfileFields } from './AdvisorProfileFields';

interface AddAdvisorModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Add Advisor: an admin creates an advisor's account with its specialties and
 * experience. Checked like Add Team Member, one message at a time; closed once the card is listed.
 */
export function AddAdvisorModal({ opened, onClose }: AddAdvisorModalProps) {
  const add = useAddAdvisor();
  const form = useSavingForm<NewAdvisorValues>(add, {
    initialValues: EMPTY_NEW_ADVISOR,
    validate: checkNewAdvisor,
    onValuesChange: () => form.clearErrors(),
  });

  function close() {
    form.reset();
    add.reset();
    onClose();
  }

  const submit = form.onSubmit((values) =>
    add.mutate(advisorBodyFrom(values), {
      onSuccess: () => {
        toastSuccess(UI_TEXT.advisorAdded);
        close();
      },
    }),
  );

  const busy = add.isPending;
  return (
    <LockedModal opened={opened} busy={busy} title="Add S.M.A.R.T. Advisor" onClose={close}>
      <form onSubmit={(event) => (busy ? event.preventDefault() : submit(event))} noValidate aria-label="Add advisor">
        <Stack gap="sm">
          <NewAccountFields form={form} />
          <AdvisorProfileFields form={form} />
          <FormError message={firstMessage(form.errors) ?? add.error?.message} />
          <FormActions busy={busy} submitLabel="Add Advisor" busyLabel="Adding..." onCancel={close} gap="sm" mt="xs" />
        </Stack>
      </form>
    </LockedModal>
  );
}
