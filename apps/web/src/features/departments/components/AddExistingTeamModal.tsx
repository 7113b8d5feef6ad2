import { Select, Stack, Text } from '@mantine/core';
import { attachTeamBody, type Department, UI_TEXT } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { firstMessage, markedInputProps, useSavingForm, validateWith } from '@/lib/forms';
import { useAttachTeam, useOrganizationTeams } from '../api';

interface AddExistingTeamModalProps {
  opened: boolean;
  onClose: () => void;
  department: Department;
}

/** Add Existing Team: the organization's teams not already in this department. */
export function AddExistingTeamModal({ opened, onClose, department }: AddExistingTeamModalProps) {
  const attach = useAttachTeam(department.id);
  const close = () => {
    attach.reset();
    onClose();
  };
  return (
    <LockedModal opened={opened} busy={attach.isPending} title="Add Existing Team" onClose={close}>
      <AttachForm department={department} attach={attach} onClose={close} />
    </LockedModal>
  );
}

interface AttachFormProps {
  department: Department;
  attach: ReturnType<typeof useAttachTeam>;
  onClose: () => void;
}

function AttachForm({ department, attach, onClose }: AttachFormProps) {
  const teams = useOrganizationTeams(department.organizationId);
  const form = useSavingForm<{ teamId: string | null }>(attach, {
    initialValues: { teamId: null },
    validate: validateWith(attachTeamBody),
  });

  const submit = form.onSubmit(({ teamId }) => {
    if (teamId) attach.mutate(teamId, { onSuccess: onClose });
  });

  const options = (teams.items ?? [])
    .filter((team) => team.departmentId !== department.id)
    .map((team) => ({
      value: team.id,
      label: team.department ? `${team.name} (now in ${team.department.name})` : team.name,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return (
    <form onSubmit={(event) => (attach.isPending ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        <FormError message={firstMessage(form.errors) ?? attach.error?.message} />
        {teams.isError ? (
          <FormError message={UI_TEXT.fetchTeamsFailed} />
        ) : (
          <Select
            label="Team"
            placeholder={teams.isPending ? 'Loading teams...' : 'Choose a team'}
            data={options}
            {...markedInputProps(form, 'teamId')}
            searchable
            nothingFoundMessage="No team found"
          />
        )}
        {teams.items && options.length === 0 && (
          <Text size="sm" c="dimmed">
            Every team of the organization is already in this department.
          </Text>
        )}
        <FormActions busy={attach.isPending} submitLabel="Add Team" onCancel={onClose} />
      </Stack>
    </form>
  );
}
