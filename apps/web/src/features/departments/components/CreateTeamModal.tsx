import { Stack } from '@mantine/core';
import { createTeamBody, type Department } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { NameDescriptionFields } from '@/components/NameDescriptionFields';
import { TeamLeadPicker } from '@/components/TeamLeadPicker';
import { createTeamBodyFrom, EMPTY_NEW_TEAM, type NewTeamValues } from '@/lib/create-team';
import { firstMessage, useSavingForm, validateWith } from '@/lib/forms';
import { useCreateTeamInDepartment } from '../api';

interface CreateTeamModalProps {
  opened: boolean;
  onClose: () => void;
  department: Department;
}

/**
 * Create Team on the department page: a blank name says 'Team name is
 * required'. The optional lead joins the team as its Team Lead.
 */
export function CreateTeamModal({ opened, onClose, department }: CreateTeamModalProps) {
  const create = useCreateTeamInDepartment(department.id);
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <LockedModal opened={opened} busy={create.isPending} title="Create Team" onClose={close}>
      <CreateTeamForm department={department} create={create} onClose={close} />
    </LockedModal>
  );
}

interface CreateTeamFormProps {
  department: Department;
  create: ReturnType<typeof useCreateTeamInDepartment>;
  onClose: () => void;
}

function CreateTeamForm({ department, create, onClose }: CreateTeamFormProps) {
  const form = useSavingForm<NewTeamValues>(create, {
    initialValues: EMPTY_NEW_TEAM,
    validate: validateWith(createTeamBody, { input: createTeamBodyFrom }),
  });

  const submit = form.onSubmit((values) => create.mutate(createTeamBodyFrom(values), { onSuccess: onClose }));

  return (
    <form onSubmit={(event) => (create.isPending ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        <FormError message={firstMessage(form.errors) ?? create.error?.message} />
        <NameDescriptionFields form={form} nameLabel="Team name" errorInBox />
        <TeamLeadPicker form={form} organizationId={department.organizationId} />
        <FormActions busy={create.isPending} submitLabel="Create Team" onCancel={onClose} />
      </Stack>
    </form>
  );
}
