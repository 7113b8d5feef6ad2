import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Department, displayName, initials, ROLE_LABELS, resolveRole, UI_TEXT, type User } from '@smart/contracts';
import { useState } from 'react';
import { HiUserAdd } from 'react-icons/hi';
import { EmailText } from '@/components/EmailText';
import { PagedListView } from '@/components/PagedListView';
import { useDepartmentMembers } from '../api';
import { AddDepartmentMemberModal } from './AddDepartmentMemberModal';

/** The first of the user's roles, as the People tab shows it. */
function firstRoleLabel(user: User): string {
  return ROLE_LABELS[resolveRole({ roles: user.roles })];
}

function MemberCard({ user }: { user: User }) {
  const name = displayName(user, user.email);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={name}>
      <Group wrap="nowrap" align="flex-start">
        <Avatar color="slate" radius="xl" size={44}>
          {initials(user)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <EmailText email={user.email} />
          <Text size="xs" c="slate" fw={500}>
            {firstRoleLabel(user)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

export function PeopleTab({ department, canManage }: { department: Department; canManage: boolean }) {
  const members = useDepartmentMembers(department.id);
  const [adding, setAdding] = useState(false);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          People ({members.data?.total ?? department.memberCount})
        </Title>
        {canManage && (
          <Button leftSection={<HiUserAdd size={18} aria-hidden />} onClick={() => setAdding(true)}>
            Add Member
          </Button>
        )}
      </Group>
      <PagedListView
        list={members}
        failMessage={UI_TEXT.fetchUsersByDepartmentFailed}
        empty="No people in this department yet."
      >
        {(items) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {items.map((user) => (
              <MemberCard key={user.id} user={user} />
            ))}
          </SimpleGrid>
        )}
      </PagedListView>
      {canManage && (
        <AddDepartmentMemberModal opened={adding} onClose={() => setAdding(false)} department={department} />
      )}
    </Stack>
  );
}
