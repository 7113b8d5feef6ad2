import type { MyTask } from '@smart/contracts';
import { boardTaskOf, TaskBoard } from '@/components/TaskBoard';
import { paths } from '@/lib/paths';
import { useTaskStatusChange } from '@/lib/task-status';

/** My Tasks as a board: the same tasks as the list, moved through the task's status call. */
export function MyTasksBoard({ tasks, label }: { tasks: readonly MyTask[]; label: string }) {
  const statusChange = useTaskStatusChange();
  return (
    <TaskBoard
      label={label}
      tasks={tasks.map((task) =>
        boardTaskOf(
          task,
          task.project && task.objectiveId ? paths.task(task.project._id, task.objectiveId._id, task.id) : undefined,
        ),
      )}
      onMove={(taskId, status) => statusChange.mutateAsync({ taskId, status })}
    />
  );
}
