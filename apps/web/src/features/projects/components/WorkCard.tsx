import { Card, Group, Stack, Text } from '@mantine/core';
import { displayName, type Objective, type Project } from '@smart/contracts';
import { Link } from 'react-router';
import { CardEditButton } from '@/components/CardEditButton';
import classes from '@/components/LinkCard.module.css';
import { PriorityBadge, StatusBadge } from '@/components/WorkBadges';
import { WorkProgress } from '@/components/WorkProgress';
import { dueLabel } from '@/lib/work-format';
import { taskCountLabel } from '../work-labels';

interface WorkCardProps {
  record: Project | Objective;
  /** The record's page: the card's title links there. */
  to: string;
  /** Given when the record's permissions allow editing it: the pencil. */
  onEdit?: (() => void) | undefined;
}

/**
 * A project's or objective's card: title, creator, team, due date
 * (MM/DD/YYYY, else 'No due date') and the percent-complete bar from the record's own figures.
 */
export function WorkCard({ record, to, onEdit }: WorkCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} component="article">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            <Link to={to} className={classes.link}>
              {record.title}
            </Link>
          </Text>
          {onEdit && <CardEditButton name={record.title} onClick={onEdit} />}
        </Group>
        <Group gap={6}>
          <StatusBadge status={record.status} />
          <PriorityBadge priority={record.priority} />
        </Group>
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Created by {displayName(record.createdBy, 'Unknown')}
          </Text>
          <Text size="sm" c="dimmed">
            Team: {record.team?.name ?? 'None'}
          </Text>
          <Text size="sm" c="dimmed">
            {dueLabel(record.dueDate)}
          </Text>
        </Stack>
        <div style={{ marginTop: 'auto' }}>
          <WorkProgress
            value={record.progress}
            label={`${record.title} progress`}
            detail={taskCountLabel(record.completedTaskCount, record.taskCount)}
          />
        </div>
      </Stack>
    </Card>
  );
}
