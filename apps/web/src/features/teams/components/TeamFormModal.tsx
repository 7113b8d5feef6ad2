import { Stack } from '@mantine/core';
import { createTeamBody, type Team, updateTeamBody } from '@smart/contracts';
import { DepartmentSelect } from '@/components/DepartmentSelect';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { NameDescriptionFields } from '@/components/NameDescriptionFields';
import { OrganizationPicker } from '@/components/OrganizationPicker';
import { TeamLeadPicker } from '@/components/TeamLeadPicker';
import { createTeamBodyFrom, EMPTY_NEW_TEAM, type NewTeamValues } from '@/lib/create-team';
import { useSavingForm, validateWith } from '@/lib/forms';
import { useCreateTeam, useUpdateTeam } from '../api';

type TeamFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The organization a new team joins, or null for an admin, who picks it in the form. */
  organizationId: string | null;
} & ({ mode: 'create'; team?: undefined } | { mode: 'edit'; team: Team });

/**
 * Create Team (name, description, an optional lead who joins as Team Lead, and a department; an
 * admin also picks the organization) and Edit Team (name, description, department). Save waits
 * for a name.
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

interface TeamFormValues extends NewTeamValues {
  organizationId: string | null;
  departmentId: string | null;
}

const newTeamBody = (values: TeamFormValues) => ({
  ...createTeamBodyFrom(values),
  ...(values.organizationId ? { organizationId: values.organizationId } : {}),
  ...(values.departmentId ? { departmentId: values.departmentId } : {}),
});

const teamChanges = (values: TeamFormValues) => ({
  name: values.name.trim(),
  description: values.description.trim(),
  departmentId: values.departmentId,
});

function TeamForm({ mode, team, organizationId, onClose, create, update }: TeamFormProps) {
  const mutation = mode === 'create' ? create : update;
  const choosesOrganization = mode === 'create' && organizationId === null;
  const form = useSavingForm<TeamFormValues>(mutation, {
    initialValues: {
      ...EMPTY_NEW_TEAM,
      name: team?.name ?? '',
      description: team?.description ?? '',
      organizationId: team?.organizationId ?? organizationId,
      departmentId: team?.departmentId ?? null,
    },
    validate:
      mode === 'create'
        ? validateWith(createTeamBody, { input: newTeamBody })
        : validateWith(updateTeamBody, { input: teamChanges }),
  });
  const { values } = form;

  const submit = form.onSubmit((submitted) => {
    if (mode === 'create') {
      create.mutate(newTeamBody(submitted), { onSuccess: onClose });
    } else if (team) {
      update.mutate(
        { teamId: team.id, body: teamChanges(submitted), previousDepartmentId: team.departmentId },
        { onSuccess: onClose },
      );
    }
  });

  const missingOrganization = choosesOrganization && !values.organizationId;
  const missingName = !values.name.trim();

  return (
    <form onSubmit={(event) => (mutation.isPending ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        <FormError message={mutation.error?.message} />
        {choosesOrganization && (
          // The lead and the department must be the team's organization's: a new organization clears them.
          <OrganizationPicker
            value={values.organizationId}
            onChange={(picked) => form.setValues({ organizationId: picked, teamLead: null, departmentId: null })}
          />
        )}
        <NameDescriptionFields form={form} nameLabel="Team name" />
        {mode === 'create' && <TeamLeadPicker form={form} organizationId={values.organizationId} />}
        <DepartmentSelect
          organizationId={values.organizationId}
          current={team?.department}
          {...form.getInputProps('departmentId')}
        />
        <FormActions
          busy={mutation.isPending}
          submitLabel={mode === 'create' ? 'Create Team' : 'Save Changes'}
          onCancel={onClose}
          submitDisabled={missingOrganization || missingName}
          disabledHint={missingOrganization ? 'Choose the organization first.' : 'A team needs a name.'}
        />
      </Stack>
    </form>
  );
}
