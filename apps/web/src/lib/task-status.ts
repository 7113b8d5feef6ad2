import { type TaskStatus, taskEndpoints, UI_TEXT } from '@smart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { refreshAfter, taskChanged } from './work-changes';
import { workKeys } from './work-keys';

export interface TaskStatusChange {
  taskId: string;
  status: TaskStatus;
}

/**
 * A task's status change (PATCH /api/tasks/{id}/status): the one call of the task page's select
 * and of both boards (an objective's, My Tasks'), so the server's rules and the refreshes are the
 * same wherever it is made. The answer fills the task's page; what the change moves is refreshed.
 */
export function useTaskStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, status }: TaskStatusChange) =>
      api(
        taskEndpoints.setStatus,
        { params: { id: taskId }, body: { status } },
        { failMessage: UI_TEXT.updateTaskFailed },
      ),
    onSuccess: (task) => {
      const answered = workKeys.task(task.id);
      queryClient.setQueryData(answered, task);
      return refreshAfter(queryClient, taskChanged(task), answered);
    },
  });
}
