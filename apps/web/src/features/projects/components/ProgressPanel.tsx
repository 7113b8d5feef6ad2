import { Button, Group, Text } from '@mantine/core';
import {
  MAX_PROGRESS,
  MIN_PROGRESS,
  PROGRESS_STEP,
  progressUpdatedMessage,
  stepProgress,
  type TaskDetail,
  UI_TEXT,
} from '@smart/contracts';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { WorkProgress } from '@/components/WorkProgress';
import { toastSuccess } from '@/lib/toast';
import { useTaskProgress } from '../api';

/**
 * The task's progress with -5% and +5%: steps of 5, -5%
 * disabled at 0 and +5% at 100, for those the task's permissions allow.
 */
export function ProgressPanel({ task }: { task: TaskDetail }) {
  const progress = useTaskProgress(task.id);
  const canChange = task.permissions.canUpdateProgress;

  function step(direction: 1 | -1) {
    const next = stepProgress(task.progress, direction);
    progress.mutate(next, {
      onSuccess: () => toastSuccess(progressUpdatedMessage(next), `task-progress-${task.id}`),
    });
  }

  return (
    <Panel title="Progress">
      <WorkProgress size="lg" value={task.progress} label={`${task.title} progress`} />
      {task.status === 'completed' && (
        <Text c="green" fw={600}>
          {UI_TEXT.taskCompleted}
        </Text>
      )}
      {canChange && (
        <Group gap="sm">
          <Button
            variant="default"
            disabled={task.progress <= MIN_PROGRESS || progress.isPending}
            onClick={() => step(-1)}
          >
            -{PROGRESS_STEP}%
          </Button>
          <Button
            variant="light"
            disabled={task.progress >= MAX_PROGRESS || progress.isPending}
            onClick={() => step(1)}
          >
            +{PROGRESS_STEP}%
          </Button>
        </Group>
      )}
      <FormError message={progress.error?.message} />
    </Panel>
  );
}
