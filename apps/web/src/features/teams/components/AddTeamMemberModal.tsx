import { Select, Stack } from '@mantine/core';
import {
  addTeamMemberBody,
  DEFAULT_TEAM_MEMBER_ROLE,
  type TeamDetail,
  type TeamMemberRole,
  UI_TEXT,
} from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { PersonPicker } from '@/components/PersonPicker';
import { firstMessage, markedInputProps, useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useAddTeamMember } from '../api';
import { isTeamMemberRole, ROLE_OPTIONS } from '../team-labels';

interface AddTeamMemberModalProps {
  opened: boolean;
  onClose: () => void;
  team: TeamDetail;
}

/** Add Member on the team page: a person not yet in the team, and a role. */
export function AddTeamMemberModal({ opened, onClose, team }: AddTeamMemberModalProps) {
  const add = useAddTeamMember(team.id);
  const close = () => {
    add.reset();
    onClose();
  };
  return (
    <LockedModal opened={opened} busy={add.isPending} title="Add Team Member" onClose={close}>
      <AddMemberForm team={team} add={add} onClose={close} />
    </LockedModal>
  );
}

interface AddMemberFormProps {
  team: TeamDetail;
  add: ReturnType<typeof useAddTeamMember>;
  onClose: () => void;
}

interface AddMemberValues {
  userId: string | null;
  role: TeamMemberRole;
}

function AddMemberForm({ team, add, onClose }: AddMemberFormProps) {
  const memberIds = new Set(team.members.map((member) => member.user.id));
  const form = useSavingForm<AddMemberValues>(add, {
    initialValues: { userId: null, role: DEFAULT_TEAM_MEMBER_ROLE },
    validate: validateWith(addTeamMemberBody),
  });

  const submit = form.onSubmit(({ userId, role }) => {
    if (!userId) return;
    add.mutate(
      { userId, role },
      {
        onSuccess: () => {
          toastSuccess(UI_TEXT.memberAdded);
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => (add.isPending ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        <FormError message={firstMessage(form.errors) ?? add.error?.message} />
        <PersonPicker
          organizationId={team.organizationId}
          label="User"
          {...markedInputProps(form, 'userId')}
          exclude={(user) => memberIds.has(user.id)}
          everyoneExcluded="Everyone in the organization is already in this team."
        />
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          value={form.values.role}
          onChange={(value) => isTeamMemberRole(value) && form.setFieldValue('role', value)}
          allowDeselect={false}
        />
        <FormActions busy={add.isPending} submitLabel="Add Member" onCancel={onClose} />
      </Stack>
    </form>
  );
}
