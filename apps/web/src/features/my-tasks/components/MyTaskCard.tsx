import { displayName, type MyTask, type MyTasksFilter } from '@smart/contracts';
import { TaskSummaryCard } from '@/components/TaskSummaryCard';
import { paths } from '@/lib/paths';

/**
 * A My Tasks card: on the assigned tab it names the creator, on the
 * created tab the assignee; its organization leads where it sits when the user works in several. It opens the task only when both its project and objective are known.
 */
export function MyTaskCard({
  task,
  filter,
  withOrganization = false,
}: {
  task: MyTask;
  filter: MyTasksFilter;
  /** Name the task's organization first, for whoever works in several. */
  withOrganization?: boolean;
}) {
  const { project, objectiveId: objective } = task;
  const person =
    filter === 'assigned'
      ? `Created by: ${displayName(task.createdBy, 'Unknown')}`
      : `Assigned to: ${task.assignedTo ? displayName(task.assignedTo) : 'Unassigned'}`;
  return (
    <TaskSummaryCard
      task={task}
      to={project && objective ? paths.task(project._id, objective._id, task.id) : undefined}
      context={
        [withOrganization ? task.organizationName : null, project?.title, objective?.title]
          .filter(Boolean)
          .join(' · ') || undefined
      }
      person={person}
    />
  );
}
