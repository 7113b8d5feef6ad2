import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, permissionsFor, type Team } from '@smart/contracts';
import { useState } from 'react';
import { HiPlus } from 'react-icons/hi';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { useAuth } from '@/features/auth';
import { meetsRequirement } from '@/lib/access';
import { useTeams } from '../api';
import { TeamCard } from '../components/TeamCard';
import { TeamFormModal } from '../components/TeamFormModal';

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; team: Team };

/** /dashboard/teams (spec section 2, Teams list). */
export default function TeamsPage() {
  const { user } = useAuth();
  const teams = useTeams();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const permissions = permissionsFor(user);
  const canManage = meetsRequirement(user, { flags: ['canManageTeams'] });
  const close = () => setModal({ mode: 'closed' });

  return (
    <Stack gap="lg">
      <Title order={1}>{permissions.organizationName || 'TEAMS'}</Title>
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          Teams{teams.data ? ` (${teams.data.length})` : ''}
        </Title>
        {canManage && (
          <Button leftSection={<HiPlus size={18} aria-hidden />} onClick={() => setModal({ mode: 'create' })}>
            Create Team
          </Button>
        )}
      </Group>

      {teams.isPending ? (
        <PageLoader />
      ) : teams.isError ? (
        <LoadError message={MESSAGES.fetchTeamsFailed} onRetry={() => teams.refetch()} retrying={teams.isFetching} />
      ) : teams.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {MESSAGES.noTeams}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {teams.data.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              onEdit={canManage ? (picked) => setModal({ mode: 'edit', team: picked }) : undefined}
            />
          ))}
        </SimpleGrid>
      )}

      <TeamFormModal
        opened={modal.mode === 'create'}
        mode="create"
        organizationId={permissions.organizationId}
        onClose={close}
      />
      {modal.mode === 'edit' && (
        <TeamFormModal
          opened
          mode="edit"
          team={modal.team}
          organizationId={modal.team.organizationId}
          onClose={close}
        />
      )}
    </Stack>
  );
}
