import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, permissionsFor, type User } from '@smart/contracts';
import { type ReactNode, useState } from 'react';
import { HiUserAdd } from 'react-icons/hi';
import { LoadError } from '@/components/LoadError';
import { LoadMore } from '@/components/LoadMore';
import { PageLoader } from '@/components/PageLoader';
import { useAuth } from '@/features/auth';
import { useTeamMembers } from '../api';
import { AddMemberModal } from '../components/AddMemberModal';
import { DeactivateMemberModal } from '../components/DeactivateMemberModal';
import { EditMemberModal } from '../components/EditMemberModal';
import { MemberCard } from '../components/MemberCard';

/** /dashboard/team (flag canManageUsers): the organization's active members. */
export default function TeamMembersPage() {
  const { user } = useAuth();
  const permissions = permissionsFor(user);
  const organizationId = permissions.organizationId;
  const members = useTeamMembers(organizationId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deactivating, setDeactivating] = useState<User | null>(null);

  if (!organizationId) {
    return (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {MESSAGES.noOrganizationIdForUser}
      </Text>
    );
  }

  const canManage = permissions.canManageUsers;
  const addButton = (label: string) =>
    canManage && (
      <Button leftSection={<HiUserAdd aria-hidden />} onClick={() => setAdding(true)}>
        {label}
      </Button>
    );

  let content: ReactNode;
  if (members.isPending) {
    content = <PageLoader />;
  } else if (members.isError) {
    content = (
      <LoadError
        message={MESSAGES.fetchTeamMembersFailed}
        onRetry={() => members.refetch()}
        retrying={members.isFetching}
      />
    );
  } else {
    const { items: list, total } = members.data;
    content = (
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h3">
            Team Members ({total})
          </Title>
          {list.length > 0 && addButton('Add Member')}
        </Group>
        {list.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Stack align="center" gap="sm">
              <Text c="dimmed">{MESSAGES.noTeamMembers}</Text>
              {addButton('Add Your First Member')}
            </Stack>
          </Paper>
        ) : (
          // Columns follow the space beside the sidebar, not the window.
          <SimpleGrid type="container" cols={{ base: 1, '560px': 2, '900px': 3 }} spacing="md">
            {list.map((member) => {
              // No one edits or deactivates their own account from here.
              const changeable = canManage && member.id !== user?.id;
              return (
                <MemberCard
                  key={member.id}
                  member={member}
                  onEdit={changeable ? () => setEditing(member) : undefined}
                  onDeactivate={changeable ? () => setDeactivating(member) : undefined}
                />
              );
            })}
          </SimpleGrid>
        )}
        <LoadMore list={members} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{permissions.organizationName || 'TEAM MEMBERS'}</Title>
      {content}
      {canManage && (
        <AddMemberModal
          opened={adding}
          onClose={() => setAdding(false)}
          organizationId={organizationId}
          organizationName={permissions.organizationName}
        />
      )}
      {editing && (
        <EditMemberModal
          key={editing.id}
          member={editing}
          organizationId={organizationId}
          onClose={() => setEditing(null)}
        />
      )}
      {deactivating && (
        <DeactivateMemberModal
          key={deactivating.id}
          member={deactivating}
          organizationId={organizationId}
          onClose={() => setDeactivating(null)}
        />
      )}
    </Stack>
  );
}
