/**
 * The keys of the work caches (projects, objectives, tasks, My Tasks), made in one place so a
 * change can name exactly the queries it moves (features/projects/changes.ts). The projects and
 * my-tasks features are separate, but a task changed on one shows on the other: both sit under
 * `workKeys.all`.
 */
export const workKeys = {
  all: ['work'] as const,
  projects: () => [...workKeys.all, 'projects'] as const,
  projectList: () => [...workKeys.projects(), 'list'] as const,
  project: (projectId: string) => [...workKeys.projects(), 'detail', projectId] as const,
  objectives: () => [...workKeys.all, 'objectives'] as const,
  objectiveList: (projectId: string) => [...workKeys.objectives(), 'project', projectId] as const,
  objective: (objectiveId: string) => [...workKeys.objectives(), 'detail', objectiveId] as const,
  tasks: () => [...workKeys.all, 'tasks'] as const,
  taskList: (objectiveId: string) => [...workKeys.tasks(), 'objective', objectiveId] as const,
  task: (taskId: string) => [...workKeys.tasks(), 'detail', taskId] as const,
  myTasks: () => [...workKeys.all, 'my-tasks'] as const,
};
