import { objectiveEndpoints, projectEndpoints, taskEndpoints, UI_TEXT } from '@smart/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedListOptions } from '@/lib/paged-list';
import { workKeys } from '@/lib/work-keys';

/**
 * The reads of projects, objectives and tasks as query options (key + fetcher), apart from the
 * hooks and mutations: the route table (app/routes.ts) starts a page's reads with these when the
 * navigation starts, so this module rides with the app's entry and stays small.
 */

// ---- requests -------------------------------------------------------------------------------

const getProjectPage = (page: number, limit: number) =>
  api(projectEndpoints.list, { query: { page, limit } }, { failMessage: UI_TEXT.fetchProjectsFailed });

const getProject = (projectId: string) =>
  api(projectEndpoints.get, { params: { id: projectId } }, { failMessage: UI_TEXT.fetchProjectFailed });

const getObjectivePage = (projectId: string) => (page: number, limit: number) =>
  api(
    objectiveEndpoints.list,
    { params: { id: projectId }, query: { page, limit } },
    { failMessage: UI_TEXT.fetchProjectFailed },
  );

const getObjective = (objectiveId: string) =>
  api(objectiveEndpoints.get, { params: { id: objectiveId } }, { failMessage: UI_TEXT.fetchObjectiveFailed });

const getTaskPage = (objectiveId: string) => (page: number, limit: number) =>
  api(
    taskEndpoints.list,
    { params: { id: objectiveId }, query: { page, limit } },
    { failMessage: UI_TEXT.fetchObjectiveFailed },
  );

const getTask = (taskId: string) =>
  api(taskEndpoints.get, { params: { id: taskId } }, { failMessage: UI_TEXT.fetchTaskFailed });

// ---- queries --------------------------------------------------------------------------------

export const workQueries = {
  projects: () => pagedListOptions(workKeys.projectList(), getProjectPage),
  project: (projectId: string) =>
    queryOptions({ queryKey: workKeys.project(projectId), queryFn: () => getProject(projectId) }),
  objectives: (projectId: string) => pagedListOptions(workKeys.objectiveList(projectId), getObjectivePage(projectId)),
  objective: (objectiveId: string) =>
    queryOptions({ queryKey: workKeys.objective(objectiveId), queryFn: () => getObjective(objectiveId) }),
  tasks: (objectiveId: string) => pagedListOptions(workKeys.taskList(objectiveId), getTaskPage(objectiveId)),
  task: (taskId: string) => queryOptions({ queryKey: workKeys.task(taskId), queryFn: () => getTask(taskId) }),
};
