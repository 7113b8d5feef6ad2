import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type TeamDetail, type TeamMember, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiArrowLeft, HiUserAdd } from 'react-icons/hi';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '@/components/ConfirmModal';
import { RecordState } from '@/components/RecordState';
import { paths } from '@/lib/paths';
import { useRemoveTeamMember, useTeam } from '../api';
import { AddTeamMemberModal } from '../components/AddTeamMemberModal';
import { TeamMemberCard } from '../components/TeamMemberCard';

/** Back to where the user came from (the Teams list or a department's Teams tab); the list otherwise. */
function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first page of a visit: there is nothing of ours to go back to.
  const hasHistory = location.key !== 'default';
  return (
    <Button
      variant="subtle"
      leftSection={<HiArrowLeft size={16} aria-hidden />}
      px="xs"
      w="fit-content"
      onClick={() => (hasHistory ? navigate(-1) : navigate(paths.teams))}
    >
      Back
    </Button>
  );
}

/** /dashboard/teams/{teamId} (Team detail). */
export default function TeamDetailPage() {
  const { teamId = '' } = useParams();
  return <TeamDetailView key={teamId} teamId={teamId} />;
}

function TeamDetailView({ teamId }: { teamId: string }) {
  const team = useTeam(teamId);

  return (
    <RecordState
      query={team}
      back={{ to: paths.teams, label: 'Back to Teams' }}
      notFound={UI_TEXT.teamNotFound}
      failMessage={UI_TEXT.fetchTeamFailed}
    >
      {(loaded) => <TeamView team={loaded} />}
    </RecordState>
  );
}

function TeamView({ team }: { team: TeamDetail }) {
  const canManage = team.permissions.canEdit;
  const remove = useRemoveTeamMember(team.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  function confirmRemove() {
    if (removing) remove.mutate(removing.user.id, { onSuccess: () => setRemoving(null) });
  }

  return (
    <Stack gap="lg">
      <BackButton />
      <div>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {team.name}
        </Title>
        {team.department && (
          <Anchor component={Link} to={paths.department(team.department.id)} size="sm" fw={600}>
            {team.department.name}
          </Anchor>
        )}
        {team.description && (
          <Text c="dimmed" mt={4} style={{ whiteSpace: 'pre-line' }}>
            {team.description}
          </Text>
        )}
      </div>

      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          Team Members ({team.members.length})
        </Title>
        {canManage && (
          <Button leftSection={<HiUserAdd size={18} aria-hidden />} onClick={() => setAdding(true)}>
            Add Member
          </Button>
        )}
      </Group>

      {team.members.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {UI_TEXT.noTeamMembers}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {team.members.map((member) => (
            <TeamMemberCard
              key={member.user.id}
              member={member}
              onRemove={
                canManage
                  ? (picked) => {
                      remove.reset();
                      setRemoving(picked);
                    }
                  : undefined
              }
            />
          ))}
        </SimpleGrid>
      )}

      {canManage && (
        <>
          <AddTeamMemberModal opened={adding} onClose={() => setAdding(false)} team={team} />
          <ConfirmModal
            opened={removing !== null}
            message={UI_TEXT.confirmRemoveMember}
            confirmLabel="Remove Member"
            busy={remove.isPending}
            error={remove.error ? remove.error.message || UI_TEXT.removeMemberFailed : null}
            onConfirm={confirmRemove}
            onClose={() => setRemoving(null)}
          />
        </>
      )}
    </Stack>
  );
}
