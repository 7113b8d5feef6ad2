/**
 * Roots of the work caches (projects, objectives, tasks, My Tasks). The projects and my-tasks
 * features are separate, but a task changed on one shows on the other; every work query sits under
 * `workKeys.all`, so a change (or a live event from someone else) refreshes whatever is on screen
 * with one invalidation, and whatever is not the next time it is opened.
 */
export const workKeys = {
  all: ['work'] as const,
  projects: () => [...workKeys.all, 'projects'] as const,
  objectives: () => [...workKeys.all, 'objectives'] as const,
  tasks: () => [...workKeys.all, 'tasks'] as const,
  myTasks: () => [...workKeys.all, 'my-tasks'] as const,
};
