import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { type Department, displayName, type Team, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiLink, HiX } from 'react-icons/hi';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/ConfirmModal';
import { CreateButton } from '@/components/CreateButton';
import classes from '@/components/LinkCard.module.css';
import { PagedListView } from '@/components/PagedListView';
import { paths } from '@/lib/paths';
import { useDepartmentTeams, useDetachTeam } from '../api';
import { AddExistingTeamModal } from './AddExistingTeamModal';
import { CreateTeamModal } from './CreateTeamModal';

const memberCountLabel = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

interface TeamCardProps {
  team: Team;
  onRemove?: (team: Team) => void;
}

function TeamCard({ team, onRemove }: TeamCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          <Link to={paths.teamDetail(team.id)} className={classes.link}>
            {team.name}
          </Link>
        </Text>
        {onRemove && (
          <Tooltip label="Remove from department">
            <ActionIcon
              className={classes.actions}
              variant="subtle"
              color="red"
              aria-label={`Remove ${team.name} from the department`}
              onClick={() => onRemove(team)}
            >
              <HiX size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {team.description && (
        <Text size="sm" c="dimmed" mt={4} lineClamp={2}>
          {team.description}
        </Text>
      )}
      <Group gap="lg" mt="md">
        <Text size="sm">{memberCountLabel(team.memberCount)}</Text>
        <Text size="sm" c="dimmed">
          Lead: {team.teamLead ? displayName(team.teamLead, team.teamLead.email) : 'None'}
        </Text>
      </Group>
    </Card>
  );
}

type Dialog = 'none' | 'attach' | 'create';

export function TeamsTab({ department, canManage }: { department: Department; canManage: boolean }) {
  const teams = useDepartmentTeams(department.id);
  const detach = useDetachTeam(department.id);
  const [dialog, setDialog] = useState<Dialog>('none');
  const [removing, setRemoving] = useState<Team | null>(null);

  function confirmRemove() {
    if (!removing) return;
    detach.mutate(removing.id, {
      onSuccess: () => setRemoving(null),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4">
          Teams ({teams.data?.total ?? department.teamCount})
        </Title>
        {canManage && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<HiLink size={18} aria-hidden />}
              onClick={() => setDialog('attach')}
            >
              Add Existing Team
            </Button>
            <CreateButton onClick={() => setDialog('create')}>Create Team</CreateButton>
          </Group>
        )}
      </Group>
      <PagedListView list={teams} failMessage={UI_TEXT.fetchTeamsFailed} empty="No teams in this department yet.">
        {(items) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {items.map((team) => (
              <TeamCard
                key={team.id}
                team={team}
                onRemove={
                  canManage
                    ? (picked) => {
                        detach.reset();
                        setRemoving(picked);
                      }
                    : undefined
                }
              />
            ))}
          </SimpleGrid>
        )}
      </PagedListView>

      {canManage && (
        <>
          <AddExistingTeamModal
            opened={dialog === 'attach'}
            onClose={() => setDialog('none')}
            department={department}
          />
          <CreateTeamModal opened={dialog === 'create'} onClose={() => setDialog('none')} department={department} />
          <ConfirmModal
            opened={removing !== null}
            message={UI_TEXT.confirmRemoveTeam}
            confirmLabel="Remove Team"
            busy={detach.isPending}
            error={detach.error ? detach.error.message || UI_TEXT.removeTeamFailed : null}
            onConfirm={confirmRemove}
            onClose={() => setRemoving(null)}
          />
        </>
      )}
    </Stack>
  );
}
