import { Stack } from '@mantine/core';
import { type Advisor, UI_TEXT } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useSavingForm } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useUpdateAdvisorProfile } from '../api';
import { AdvisorProfileFields, type AdvisorProfileValues } from './AdvisorProfileFields';

interface EditAdvisorProfileModalProps {
  advisor: Advisor;
  opened: boolean;
  onClose: () => void;
}

/** An admin edits an advisor's specialties and experience; the card and drawer follow at once. */
export function EditAdvisorProfileModal({ advisor, opened, onClose }: EditAdvisorProfileModalProps) {
  const save = useUpdateAdvisorProfile(advisor.id);
  const form = useSavingForm<AdvisorProfileValues>(save, {
    initialValues: { specialties: advisor.profile.specialties, experience: advisor.profile.experience ?? '' },
  });

  function close() {
    save.reset();
    onClose();
  }

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        toastSuccess(UI_TEXT.advisorProfileUpdated);
        close();
      },
    }),
  );

  const busy = save.isPending;
  return (
    <LockedModal opened={opened} busy={busy} title="Edit advisor profile" onClose={close}>
      <form
        onSubmit={(event) => (busy ? event.preventDefault() : submit(event))}
        noValidate
        aria-label="Edit advisor profile"
      >
        <Stack gap="sm">
          <AdvisorProfileFields form={form} />
          <FormError message={save.error?.message} />
          <FormActions busy={busy} submitLabel="Save" busyLabel="Saving..." onCancel={close} gap="sm" mt="xs" />
        </Stack>
      </form>
    </LockedModal>
  );
}
