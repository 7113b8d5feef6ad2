import { Card, Group, Text } from '@mantine/core';
import { displayName, type Team } from '@smart/contracts';
import { Link } from 'react-router';
import { CardEditButton } from '@/components/CardEditButton';
import classes from '@/components/LinkCard.module.css';
import { paths } from '@/lib/paths';
import { memberCountLabel } from '../team-labels';

interface TeamCardProps {
  team: Team;
  /** Given when the team's permissions allow editing it. */
  onEdit?: ((team: Team) => void) | undefined;
  /** A platform admin sees every organization's teams, so each card names its organization. */
  showOrganization?: boolean;
}

/** A card of the Teams list: name (the link to the team), member count and lead. */
export function TeamCard({ team, onEdit, showOrganization = false }: TeamCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            <Link to={paths.teamDetail(team.id)} className={classes.link}>
              {team.name}
            </Link>
          </Text>
          {(showOrganization || team.department) && (
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {[showOrganization && team.organizationName, team.department?.name].filter(Boolean).join(' · ')}
            </Text>
          )}
        </div>
        {onEdit && <CardEditButton name={team.name} onClick={() => onEdit(team)} />}
      </Group>
      <Group gap="lg" mt="md">
        <Text size="sm">{memberCountLabel(team.memberCount)}</Text>
        <Text size="sm" c="dimmed">
          Lead: {team.teamLead ? displayName(team.teamLead, team.teamLead.email) : 'None'}
        </Text>
      </Group>
    </Card>
  );
}
