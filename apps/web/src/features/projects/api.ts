import {
  type Attachment,
  attachmentEndpoints,
  type CreateObjectiveBody,
  type CreateProjectBody,
  type CreateTaskBody,
  MESSAGES,
  objectiveEndpoints,
  projectEndpoints,
  type TaskStatus,
  taskEndpoints,
  type UpdateObjectiveBody,
  type UpdateProjectBody,
  type UpdateTaskBody,
} from '@smart/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, apiUpload, fileForm } from '@/lib/api-client';
import { saveAttachedFile } from '@/lib/file-download';
import type { NewComment } from '@/lib/mentionable';
import { pagedListOptions, usePagedList } from '@/lib/paged-list';
import { workKeys } from '@/lib/work-keys';

/**
 * Projects, objectives and tasks (second document, section 7). Progress and counts come with the
 * records (computed by the server); no page fetches children to work them out.
 */

// ---- requests -------------------------------------------------------------------------------

const getProjectPage = (page: number, limit: number) =>
  api(projectEndpoints.list, { query: { page, limit } }, { failMessage: MESSAGES.fetchProjectsFailed });

const getProject = (projectId: string) =>
  api(projectEndpoints.get, { params: { id: projectId } }, { failMessage: MESSAGES.fetchProjectFailed });

const getObjectivePage = (projectId: string) => (page: number, limit: number) =>
  api(
    objectiveEndpoints.list,
    { params: { id: projectId }, query: { page, limit } },
    { failMessage: MESSAGES.fetchProjectFailed },
  );

const getObjective = (objectiveId: string) =>
  api(objectiveEndpoints.get, { params: { id: objectiveId } }, { failMessage: MESSAGES.fetchObjectiveFailed });

const getTaskPage = (objectiveId: string) => (page: number, limit: number) =>
  api(
    taskEndpoints.list,
    { params: { id: objectiveId }, query: { page, limit } },
    { failMessage: MESSAGES.fetchObjectiveFailed },
  );

const getTask = (taskId: string) =>
  api(taskEndpoints.get, { params: { id: taskId } }, { failMessage: MESSAGES.fetchTaskFailed });

/** Where an attachment's record lives: its uploads and removals go under it. */
export type AttachmentOwner = { kind: 'objectives' | 'tasks'; id: string };

/** Opens a stored file: the server answers a signed link (minutes long) only to someone who may read its record. */
export const downloadAttachment = (attachment: Attachment) =>
  saveAttachedFile(attachment.fileName, attachment.originalName);

// ---- queries --------------------------------------------------------------------------------

export const workQueries = {
  projects: () => pagedListOptions([...workKeys.projects(), 'list'], getProjectPage),
  project: (projectId: string) =>
    queryOptions({ queryKey: [...workKeys.projects(), 'detail', projectId], queryFn: () => getProject(projectId) }),
  objectives: (projectId: string) =>
    pagedListOptions([...workKeys.objectives(), 'project', projectId], getObjectivePage(projectId)),
  objective: (objectiveId: string) =>
    queryOptions({
      queryKey: [...workKeys.objectives(), 'detail', objectiveId],
      queryFn: () => getObjective(objectiveId),
    }),
  tasks: (objectiveId: string) =>
    pagedListOptions([...workKeys.tasks(), 'objective', objectiveId], getTaskPage(objectiveId)),
  task: (taskId: string) =>
    queryOptions({ queryKey: [...workKeys.tasks(), 'detail', taskId], queryFn: () => getTask(taskId) }),
};

export const useProjects = () => usePagedList(workQueries.projects());
export const useProject = (projectId: string) => useQuery(workQueries.project(projectId));
export const useObjectives = (projectId: string) => usePagedList(workQueries.objectives(projectId));
export const useObjective = (objectiveId: string) => useQuery(workQueries.objective(objectiveId));
export const useTasks = (objectiveId: string) => usePagedList(workQueries.tasks(objectiveId));
export const useTask = (taskId: string) => useQuery(workQueries.task(taskId));

// ---- mutations ------------------------------------------------------------------------------

/**
 * A work change moves counts and progress bars up the tree (task → objective → project) and shows
 * in My Tasks: everything under the work root is refreshed, the queries on screen at once.
 */
function useWorkMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  { leavesPage = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      const refreshed = queryClient.invalidateQueries({ queryKey: workKeys.all });
      // A delete leaves its page at once, rather than waiting for that page to be read again (and missing).
      return leavesPage ? undefined : refreshed;
    },
  });
}

export const useCreateProject = () =>
  useWorkMutation((body: CreateProjectBody) =>
    api(projectEndpoints.create, { body }, { failMessage: MESSAGES.createProjectFailed }),
  );

export const useUpdateProject = () =>
  useWorkMutation(({ projectId, body }: { projectId: string; body: UpdateProjectBody }) =>
    api(projectEndpoints.update, { params: { id: projectId }, body }, { failMessage: MESSAGES.updateProjectFailed }),
  );

export const useDeleteProject = () =>
  useWorkMutation(
    (projectId: string) =>
      api(projectEndpoints.remove, { params: { id: projectId } }, { failMessage: MESSAGES.deleteProjectFailed }),
    { leavesPage: true },
  );

export const useCreateObjective = (projectId: string) =>
  useWorkMutation((body: CreateObjectiveBody) =>
    api(
      objectiveEndpoints.create,
      { params: { id: projectId }, body },
      { failMessage: MESSAGES.createObjectiveFailed },
    ),
  );

export const useUpdateObjective = () =>
  useWorkMutation(({ objectiveId, body }: { objectiveId: string; body: UpdateObjectiveBody }) =>
    api(
      objectiveEndpoints.update,
      { params: { id: objectiveId }, body },
      { failMessage: MESSAGES.updateObjectiveFailed },
    ),
  );

export const useDeleteObjective = () =>
  useWorkMutation(
    (objectiveId: string) =>
      api(objectiveEndpoints.remove, { params: { id: objectiveId } }, { failMessage: MESSAGES.deleteObjectiveFailed }),
    { leavesPage: true },
  );

export const useCreateTask = (objectiveId: string) =>
  useWorkMutation((body: CreateTaskBody) =>
    api(taskEndpoints.create, { params: { id: objectiveId }, body }, { failMessage: MESSAGES.createTaskFailed }),
  );

/** A task's edit: the edit form's fields, or the assignee alone ('Assign to Me'). */
export const useUpdateTask = (taskId: string, failMessage: string = MESSAGES.updateTaskFailed) =>
  useWorkMutation((body: UpdateTaskBody) =>
    api(taskEndpoints.update, { params: { id: taskId }, body }, { failMessage }),
  );

export const useDeleteTask = (taskId: string) =>
  useWorkMutation(
    () => api(taskEndpoints.remove, { params: { id: taskId } }, { failMessage: MESSAGES.deleteTaskFailed }),
    { leavesPage: true },
  );

export const useTaskStatus = (taskId: string) =>
  useWorkMutation((status: TaskStatus) =>
    api(
      taskEndpoints.setStatus,
      { params: { id: taskId }, body: { status } },
      { failMessage: MESSAGES.updateTaskFailed },
    ),
  );

export const useTaskProgress = (taskId: string) =>
  useWorkMutation((progress: number) =>
    api(
      taskEndpoints.setProgress,
      { params: { id: taskId }, body: { progress } },
      { failMessage: MESSAGES.updateProgressFailed },
    ),
  );

export const useAddComment = (taskId: string) =>
  useWorkMutation((comment: NewComment) =>
    api(taskEndpoints.comment, { params: { id: taskId }, body: comment }, { failMessage: MESSAGES.addCommentFailed }),
  );

export const useRemoveAttachment = (owner: AttachmentOwner) =>
  useWorkMutation((attachmentId: string) =>
    api(
      attachmentEndpoints(owner.kind).remove,
      { params: { id: owner.id, attachmentId } },
      { failMessage: MESSAGES.removeAttachmentFailed },
    ),
  );

/** Uploads one file to a record, with the share sent so far (0 to 1) while it runs. */
export function useUploadAttachment(owner: AttachmentOwner) {
  const [sent, setSent] = useState(0);
  const upload = useWorkMutation((file: File) => {
    setSent(0);
    return apiUpload(attachmentEndpoints(owner.kind).add, { params: { id: owner.id }, form: fileForm(file) }, setSent, {
      failMessage: MESSAGES.uploadFileFailed,
    });
  });
  return { ...upload, sent };
}
