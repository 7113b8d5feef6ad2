import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  MAX_SEARCH_LENGTH,
  MEMBER_STATUSES,
  type MemberStatus,
  permissionsFor,
  UI_TEXT,
  type User,
} from '@smart/contracts';
import { type ReactNode, useState } from 'react';
import { HiUserAdd } from 'react-icons/hi';
import { HiUpload } from 'react-icons/hi?lazy';
import { useSearchParams } from 'react-router';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { LoadError } from '@/components/LoadError';
import { LoadMore } from '@/components/LoadMore';
import { PageLoader } from '@/components/PageLoader';
import { ResetTwoFactorModal } from '@/components/ResetTwoFactorModal';
import { useAuth } from '@/features/auth';
import { type MemberStatusChange, useRefreshTeamMembers, useTeamMembers } from '../api';
import { AddMemberModal } from '../components/AddMemberModal';
import { EditMemberModal } from '../components/EditMemberModal';
import { ImportMembersModal } from '../components/ImportMembersModal';
import { MemberCard } from '../components/MemberCard';
import { MemberStatusModal } from '../components/MemberStatusModal';

/** The filter's labels, the list's heading and its empty text for each status. */
const STATUS_VIEWS: Record<MemberStatus, { label: string; heading: string; empty: string }> = {
  active: { label: 'Active', heading: 'Team Members', empty: UI_TEXT.noTeamMembers },
  inactive: { label: 'Inactive', heading: 'Deactivated Members', empty: UI_TEXT.noInactiveMembers },
  all: { label: 'All', heading: 'All Members', empty: UI_TEXT.noTeamMembers },
};

const isStatus = (value: string | null): value is MemberStatus =>
  (MEMBER_STATUSES as readonly (string | null)[]).includes(value);

/** The address of a status filter (active is the default, left out). */
const statusOnly = (status: MemberStatus): Record<string, string> => (status === 'active' ? {} : { status });

/**
 * /dashboard/team (flag canManageUsers): the organization's members, active ones unless the filter
 * (kept in the URL's ?status=) asks for the deactivated ones or all.
 */
export default function TeamMembersPage() {
  const { user } = useAuth();
  const permissions = permissionsFor(user);
  const organizationId = permissions.organizationId;
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status: MemberStatus = isStatus(statusParam) ? statusParam : 'active';
  // ?search= (a person opened from the search palette): the members whose name or e-mail contains it.
  const search = searchParams.get('search')?.trim().slice(0, MAX_SEARCH_LENGTH) ?? '';
  const members = useTeamMembers(organizationId, status, search);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [changing, setChanging] = useState<{ member: User; change: MemberStatusChange } | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const refreshMembers = useRefreshTeamMembers(organizationId);

  if (!organizationId) {
    return (
      <Text c="dimmed" ta="center" py="xl" role="status">
        {UI_TEXT.noOrganizationIdForUser}
      </Text>
    );
  }

  const canManage = permissions.canManageUsers;
  const view = STATUS_VIEWS[status];
  const addButtons = (label: string) =>
    canManage && (
      <Group gap="sm">
        <Button variant="default" leftSection={<HiUpload aria-hidden />} onClick={() => setImporting(true)}>
          Import from CSV
        </Button>
        <Button leftSection={<HiUserAdd aria-hidden />} onClick={() => setAdding(true)}>
          {label}
        </Button>
      </Group>
    );

  let content: ReactNode;
  if (members.isPending) {
    content = <PageLoader />;
  } else if (members.isError) {
    content = (
      <LoadError
        message={UI_TEXT.fetchTeamMembersFailed}
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
            {view.heading} ({total})
          </Title>
          <Group gap="sm">
            {list.length > 0 && (
              <ExportCsvButton kind="members" query={{ organizationId, status, ...(search && { search }) }} />
            )}
            {list.length > 0 && addButtons('Add Member')}
          </Group>
        </Group>
        {list.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Stack align="center" gap="sm">
              <Text c="dimmed">{view.empty}</Text>
              {status !== 'inactive' && addButtons('Add Your First Member')}
            </Stack>
          </Paper>
        ) : (
          // Columns follow the space beside the sidebar, not the window.
          <SimpleGrid type="container" cols={{ base: 1, '560px': 2, '900px': 3 }} spacing="md">
            {list.map((member) => {
              const may = member.permissions;
              const ask = (change: MemberStatusChange) => () => setChanging({ member, change });
              return (
                <MemberCard
                  key={member.id}
                  member={member}
                  onEdit={may.canEdit ? () => setEditing(member) : undefined}
                  onDeactivate={may.canDeactivate ? ask('deactivate') : undefined}
                  onReactivate={may.canReactivate ? ask('reactivate') : undefined}
                  onResetTwoFactor={may.canResetTwoFactor ? () => setResetting(member) : undefined}
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
      <SegmentedControl
        aria-label="Show members"
        value={status}
        onChange={(value) =>
          setSearchParams({ ...statusOnly(value as MemberStatus), ...(search && { search }) }, { replace: true })
        }
        data={MEMBER_STATUSES.map((value) => ({ value, label: STATUS_VIEWS[value].label }))}
        w="fit-content"
      />
      {search && (
        <Group gap="sm">
          <Text size="sm">Members matching “{search}”</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setSearchParams(statusOnly(status), { replace: true })}
          >
            Show all
          </Button>
        </Group>
      )}
      {content}
      {canManage && (
        <ImportMembersModal opened={importing} onClose={() => setImporting(false)} organizationId={organizationId} />
      )}
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
      {resetting && (
        <ResetTwoFactorModal person={resetting} onClose={() => setResetting(null)} onReset={refreshMembers} />
      )}
      {changing && (
        <MemberStatusModal
          key={`${changing.change}-${changing.member.id}`}
          member={changing.member}
          change={changing.change}
          organizationId={organizationId}
          onClose={() => setChanging(null)}
        />
      )}
    </Stack>
  );
}
