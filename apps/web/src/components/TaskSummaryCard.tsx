import { Card, Group, Stack, Text } from '@mantine/core';
import type { TaskPriority, TaskRecurrence, TaskStatus } from '@smart/contracts';
import { Link } from 'react-router';
import { RepeatMarker, repeatLabelOf } from '@/components/RepeatMarker';
import { PriorityBadge, StatusBadge } from '@/components/WorkBadges';
import { WorkProgress } from '@/components/WorkProgress';
import { dueLabel, isOverdue } from '@/lib/work-format';
import classes from './LinkCard.module.css';

interface TaskSummaryCardProps {
  task: {
    title: string;
    status: TaskStatus;
    priority: TaskPriority;
    dueDate: string | null;
    progress: number;
    recurrence: TaskRecurrence | null;
  };
  /** The task page; without it the card opens nothing (a My Tasks item missing its project). */
  to?: string | undefined;
  /** Where the task sits ('Website relaunch · Launch plan'). */
  context?: string | undefined;
  /** 'Assigned to: …' or 'Created by: …'. */
  person: string;
}

/**
 * A task's card in an objective's list and in My Tasks: title,
 * status and priority badges, where it sits, the person line, the due date (with the repeat
 * marker of a repeating task) and its progress.
 */
export function TaskSummaryCard({ task, to, context, person }: TaskSummaryCardProps) {
  const overdue = isOverdue(task.dueDate, task.status);
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} component="article">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }}>
            {to ? (
              <Link to={to} className={classes.link}>
                {task.title}
              </Link>
            ) : (
              task.title
            )}
          </Text>
          <Group gap={6}>
            <StatusBadge status={task.status} />
            <PriorityBadge priority={task.priority} />
          </Group>
        </Group>
        {context && (
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {context}
          </Text>
        )}
        <Group gap="lg" style={{ rowGap: 2 }}>
          <Text size="sm" c="dimmed">
            {person}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c={overdue ? 'red' : 'dimmed'} fw={overdue ? 600 : undefined}>
              {dueLabel(task.dueDate)}
              {overdue ? ' (overdue)' : ''}
            </Text>
            <RepeatMarker label={repeatLabelOf(task)} />
          </Group>
        </Group>
        <WorkProgress value={task.progress ?? 0} label={`${task.title} progress`} />
      </Stack>
    </Card>
  );
}
