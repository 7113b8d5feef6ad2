import { SimpleGrid, Stack } from '@mantine/core';
import { isAdmin, permissionsFor, type Team, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { ListPageHeader } from '@/components/ListPageHeader';
import { PagedListView } from '@/components/PagedListView';
import { useAuth } from '@/features/auth';
import { meetsRequirement } from '@/lib/access';
import { useTeams } from '../api';
import { TeamCard } from '../components/TeamCard';
import { TeamFormModal } from '../components/TeamFormModal';

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; team: Team };

/** /dashboard/teams (Teams list). */
export default function TeamsPage() {
  const { user } = useAuth();
  const teams = useTeams();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const permissions = permissionsFor(user);
  const canManage = meetsRequirement(user, { flags: ['canManageTeams'] });
  const allOrganizations = isAdmin(user);
  // An admin's list spans every organization, so it is not titled with the admin's own.
  const title = (!allOrganizations && permissions.organizationName) || 'TEAMS';
  const close = () => setModal({ mode: 'closed' });

  return (
    <Stack gap="lg">
      <ListPageHeader
        title={title}
        heading="Teams"
        total={teams.data?.total}
        createLabel="Create Team"
        onCreate={canManage ? () => setModal({ mode: 'create' }) : undefined}
      />

      <PagedListView list={teams} failMessage={UI_TEXT.fetchTeamsFailed} empty={UI_TEXT.noTeams}>
        {(items) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {items.map((team) => (
              <TeamCard
                key={team.id}
                team={team}
                showOrganization={allOrganizations}
                onEdit={team.permissions.canEdit ? (picked) => setModal({ mode: 'edit', team: picked }) : undefined}
              />
            ))}
          </SimpleGrid>
        )}
      </PagedListView>

      <TeamFormModal
        opened={modal.mode === 'create'}
        mode="create"
        // An admin picks the organization in the form; everyone else creates in its own.
        organizationId={allOrganizations ? null : permissions.organizationId}
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
