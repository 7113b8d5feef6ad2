import { Button, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  displayName,
  RECURRENCE_TRIGGER_LABELS,
  TASK_STATUSES,
  type TaskDetail,
  type TaskStatus,
  UI_TEXT,
} from '@smart/contracts';
import type { ReactNode } from 'react';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { PriorityBadge, StatusBadge } from '@/components/WorkBadges';
import { useTaskStatusChange } from '@/lib/task-status';
import { toastSuccess } from '@/lib/toast';
import { formatDay, formatMoment, statusOptions } from '@/lib/work-format';
import { useUpdateTask } from '../api';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/**
 * Task information: created, due, status, priority, assignee. Whoever
 * may update the task's progress also changes its status here, through its own call.
 */
export function TaskInfoPanel({ task }: { task: TaskDetail }) {
  const status = useTaskStatusChange();
  return (
    <Panel title="Task Information">
      <SimpleGrid cols={2} spacing="md">
        <Fact label="Created">
          <Text size="sm">{formatMoment(task.createdAt)}</Text>
        </Fact>
        <Fact label="Due date">
          <Text size="sm">{formatDay(task.dueDate)}</Text>
        </Fact>
        <Fact label="Status">
          <StatusBadge status={task.status} />
        </Fact>
        <Fact label="Priority">
          <PriorityBadge priority={task.priority} />
        </Fact>
        <Fact label="Assigned to">
          <Text size="sm">{task.assignedTo ? displayName(task.assignedTo) : 'Unassigned'}</Text>
        </Fact>
        <Fact label="Created by">
          <Text size="sm">{displayName(task.createdBy, 'Unknown')}</Text>
        </Fact>
      </SimpleGrid>
      {task.permissions.canUpdateProgress && (
        <Select
          label="Change status"
          data={statusOptions(TASK_STATUSES)}
          value={task.status}
          allowDeselect={false}
          disabled={status.isPending}
          onChange={(value) =>
            value &&
            value !== task.status &&
            status.mutate(
              { taskId: task.id, status: value as TaskStatus },
              {
                onSuccess: () => toastSuccess(UI_TEXT.taskUpdated),
              },
            )
          }
        />
      )}
      <FormError message={status.error?.message} />
      <SeriesFacts task={task} />
    </Panel>
  );
}

/** A repeating task's series: its rule, when the next task comes, its next dates; Stop repeating for whoever edits it. */
function SeriesFacts({ task }: { task: TaskDetail }) {
  const stop = useUpdateTask(task.id);
  const { recurrence } = task;
  if (!recurrence?.active) return null;
  return (
    <Fact label="Repeats">
      <Stack gap={4}>
        <Text size="sm">{recurrence.label}</Text>
        <Text size="sm" c="dimmed">
          Next task: {RECURRENCE_TRIGGER_LABELS[recurrence.trigger].toLowerCase()}
        </Text>
        <Text size="sm" c="dimmed">
          {recurrence.nextDates.length > 0
            ? `Next dates: ${recurrence.nextDates.map(formatDay).join(', ')}`
            : 'No more dates: this is the last task of the series.'}
        </Text>
        {task.permissions.canEdit && (
          <Button
            variant="default"
            size="xs"
            w="fit-content"
            loading={stop.isPending}
            onClick={() => stop.mutate({ recurrence: null }, { onSuccess: () => toastSuccess(UI_TEXT.seriesStopped) })}
          >
            Stop repeating
          </Button>
        )}
        <FormError message={stop.error?.message} />
      </Stack>
    </Fact>
  );
}
