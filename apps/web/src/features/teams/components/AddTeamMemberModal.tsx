import { Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DEFAULT_TEAM_MEMBER_ROLE, MESSAGES, type TeamDetail, type TeamMemberRole } from '@smart/contracts';
import { type FormEvent, useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useOrganizationUsers, userOptions } from '@/lib/organization-users';
import { useAddTeamMember } from '../api';
import { isTeamMemberRole, ROLE_OPTIONS } from '../team-labels';

interface AddTeamMemberModalProps {
  opened: boolean;
  onClose: () => void;
  team: TeamDetail;
}

/** Add Member on the team page (spec sections 2, 4 and 5): a person not yet in the team, and a role. */
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

function AddMemberForm({ team, add, onClose }: AddMemberFormProps) {
  const users = useOrganizationUsers(team.organizationId);
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState<TeamMemberRole>(DEFAULT_TEAM_MEMBER_ROLE);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    if (!userId) {
      setError(MESSAGES.selectUser);
      return;
    }
    setError(null);
    add.mutate(
      { userId, role },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: MESSAGES.memberAdded });
          onClose();
        },
        onError: (caught) => setError(caught.message || MESSAGES.addMemberFailed),
      },
    );
  }

  const memberIds = new Set(team.members.map((member) => member.user.id));
  const options = users.data ? userOptions(users.data, memberIds) : [];

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormError message={error} />
        {users.isError ? (
          <FormError message={MESSAGES.fetchAvailableUsersFailed} />
        ) : (
          <Select
            label="User"
            placeholder={users.isPending ? 'Loading users...' : 'Choose a person'}
            data={options}
            value={userId}
            onChange={(value) => {
              setUserId(value);
              setError(null);
            }}
            searchable
            nothingFoundMessage="Nobody found"
          />
        )}
        {users.isSuccess && options.length === 0 && (
          <Text size="sm" c="dimmed">
            Everyone in the organization is already in this team.
          </Text>
        )}
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(value) => isTeamMemberRole(value) && setRole(value)}
          allowDeselect={false}
        />
        <FormActions busy={add.isPending} submitLabel="Add Member" onCancel={onClose} />
      </Stack>
    </form>
  );
}
