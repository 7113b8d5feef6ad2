import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH, MESSAGES, type Team } from '@smart/contracts';
import { type FormEvent, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useOrganizationUsers, userOptions } from '@/lib/organization-users';
import { useCreateTeam, useDepartmentOptions, useUpdateTeam } from '../api';

type TeamFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The organization whose people and departments the pickers list. */
  organizationId: string | null;
} & ({ mode: 'create'; team?: undefined } | { mode: 'edit'; team: Team });

/**
 * Create Team (name, description and an optional lead who joins as Team Lead; a blank name is
 * silently ignored, spec section 5) and Edit Team (name, description, department).
 */
export function TeamFormModal(props: TeamFormModalProps) {
  // The mutations live here so the modal cannot be closed while a save is in flight.
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const busy = (props.mode === 'create' ? create : update).isPending;
  return (
    <LockedModal
      opened={props.opened}
      busy={busy}
      title={props.mode === 'create' ? 'Create Team' : 'Edit Team'}
      onClose={props.onClose}
    >
      <TeamForm {...props} create={create} update={update} />
    </LockedModal>
  );
}

type TeamFormProps = TeamFormModalProps & {
  create: ReturnType<typeof useCreateTeam>;
  update: ReturnType<typeof useUpdateTeam>;
};

function TeamForm({ mode, team, organizationId, onClose, create, update }: TeamFormProps) {
  const mutation = mode === 'create' ? create : update;
  const users = useOrganizationUsers(mode === 'create' ? organizationId : null);
  const departments = useDepartmentOptions(mode === 'edit' ? team?.organizationId : null);
  const [name, setName] = useState(team?.name ?? '');
  const [description, setDescription] = useState(team?.description ?? '');
  const [leadId, setLeadId] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(team?.departmentId ?? null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (mutation.isPending || !trimmed) return;
    if (mode === 'create') {
      create.mutate(
        { name: trimmed, description: description.trim(), ...(leadId ? { teamLead: leadId } : {}) },
        { onSuccess: onClose },
      );
      return;
    }
    if (!team) return;
    update.mutate(
      {
        teamId: team.id,
        body: { name: trimmed, description: description.trim(), departmentId },
        previousDepartmentId: team.departmentId,
      },
      { onSuccess: onClose },
    );
  }

  const departmentData = (departments.data ?? []).map((department) => ({
    value: department.id,
    label: department.name,
  }));
  // The current department shows even before the list has loaded.
  if (team?.department && !departmentData.some((option) => option.value === team.department?.id)) {
    departmentData.unshift({ value: team.department.id, label: team.department.name });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {mutation.error && (
          <FormError
            message={mutation.error.message || (mode === 'create' ? MESSAGES.createTeamFailed : MESSAGES.internalError)}
          />
        )}
        <TextInput
          label="Team name"
          required
          data-autofocus
          maxLength={MAX_NAME_LENGTH}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_LONG_TEXT_LENGTH}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        {mode === 'create' ? (
          <Select
            label="Team lead"
            description="Optional; joins the team as its Team Lead"
            placeholder={users.isPending && organizationId ? 'Loading users...' : 'No lead'}
            data={users.data ? userOptions(users.data) : []}
            value={leadId}
            onChange={setLeadId}
            searchable
            clearable
            nothingFoundMessage="Nobody found"
            error={users.isError ? MESSAGES.fetchAvailableUsersFailed : undefined}
          />
        ) : (
          <Select
            label="Department"
            placeholder="No department"
            data={departmentData}
            value={departmentId}
            onChange={setDepartmentId}
            searchable
            clearable
            nothingFoundMessage="No department found"
            error={departments.isError ? MESSAGES.fetchDepartmentsFailed : undefined}
          />
        )}
        <FormActions
          busy={mutation.isPending}
          submitLabel={mode === 'create' ? 'Create Team' : 'Save Changes'}
          onCancel={onClose}
          submitDisabled={mode === 'edit' && !name.trim()}
        />
      </Stack>
    </form>
  );
}
