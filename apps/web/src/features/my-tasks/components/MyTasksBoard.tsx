import { displayName, type MyTask } from '@smart/contracts';
import { TaskBoard } from '@/components/TaskBoard';
import { paths } from '@/lib/paths';
import { useTaskStatusChange } from '@/lib/task-status';

/** My Tasks as a board (issue 25): the same tasks as the list, moved through the task's status call. */
export function MyTasksBoard({ tasks, label }: { tasks: readonly MyTask[]; label: string }) {
  const statusChange = useTaskStatusChange();
  return (
    <TaskBoard
      label={label}
      tasks={tasks.map((task) => ({
        id: task.id,
        title: task.title,
        status: task.status,
        dueDate: task.dueDate,
        assignee: task.assignedTo ? displayName(task.assignedTo) : null,
        to: task.project && task.objectiveId ? paths.task(task.project._id, task.objectiveId._id, task.id) : undefined,
        canMove: task.permissions.canUpdateProgress,
      }))}
      onMove={(taskId, status) => statusChange.mutateAsync({ taskId, status })}
    />
  );
}
