import {
  type Attachment,
  attachmentEndpoints,
  type CreateObjectiveBody,
  type CreateProjectBody,
  type CreateTaskBody,
  type Objective,
  type ObjectiveDetail,
  objectiveEndpoints,
  type Project,
  projectEndpoints,
  type Task,
  type TaskDetail,
  taskEndpoints,
  UI_TEXT,
  type UpdateObjectiveBody,
  type UpdateProjectBody,
  type UpdateTaskBody,
} from '@smart/contracts';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, apiUpload, fileForm } from '@/lib/api-client';
import { saveAttachedFile } from '@/lib/file-download';
import type { NewComment } from '@/lib/mentionable';
import { usePagedList } from '@/lib/paged-list';
import { type ChangedRecord, refreshAfter, taskChanged } from '@/lib/work-changes';
import { workKeys } from '@/lib/work-keys';
import { workQueries } from './queries';

/**
 * Projects, objectives and tasks. Progress and counts come with the
 * records (computed by the server); no page fetches children to work them out.
 */

/** Where an attachment's record lives: its uploads and removals go under it. */
export type AttachmentOwner = { kind: 'objectives' | 'tasks'; id: string };

/** Opens a stored file: the server answers a signed link (minutes long) only to someone who may read its record. */
export const downloadAttachment = (attachment: Attachment) =>
  saveAttachedFile(attachment.fileName, attachment.originalName);

export const useProjects = () => usePagedList(workQueries.projects());
export const useProject = (projectId: string) => useQuery(workQueries.project(projectId));
export const useObjectives = (projectId: string) => usePagedList(workQueries.objectives(projectId));
export const useObjective = (objectiveId: string) => useQuery(workQueries.objective(objectiveId));
export const useTasks = (objectiveId: string) => usePagedList(workQueries.tasks(objectiveId));
export const useTask = (taskId: string) => useQuery(workQueries.task(taskId));

// ---- mutations ------------------------------------------------------------------------------

/**
 * What a mutation does once the server has answered: the record it answered goes into the cache as
 * is (its page shows it without asking again), and only the queries the change moves are refreshed
 * (changes.ts). A delete's record is dropped, and the page that showed it leaves at once rather
 * than wait for the refresh.
 */
interface Settles<Variables, Result> {
  change: (result: Result, variables: Variables) => ChangedRecord;
  /** The query the answer fills: a record's detail, answered in the same shape as its GET. */
  answers?: (result: Result) => { queryKey: QueryKey; data: Result };
  /** The queries of a deleted record's page (its detail, its children's list), dropped from the cache. */
  removes?: (variables: Variables) => QueryKey[];
}

function useWorkMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  { change, answers, removes }: Settles<Variables, Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, variables) => {
      const answer = answers?.(result);
      if (answer) queryClient.setQueryData(answer.queryKey, answer.data);
      const removed = removes?.(variables);
      for (const queryKey of removed ?? []) queryClient.removeQueries({ queryKey, exact: true });
      const refreshed = refreshAfter(queryClient, change(result, variables), answer?.queryKey);
      return removed ? undefined : refreshed;
    },
  });
}

const projectChange = ({ id }: { id: string }): ChangedRecord => ({ record: 'project', projectId: id });
const objectiveChange = ({ id, projectId }: { id: string; projectId: string }): ChangedRecord => ({
  record: 'objective',
  projectId,
  objectiveId: id,
});
const taskChange = taskChanged;

/** A project, objective or task answered in its detail shape fills its page's query. */
const answersProject = (project: Project) => ({ queryKey: workKeys.project(project.id), data: project });
const answersObjective = (objective: ObjectiveDetail) => ({
  queryKey: workKeys.objective(objective.id),
  data: objective,
});
const answersTask = (task: TaskDetail) => ({ queryKey: workKeys.task(task.id), data: task });

export const useCreateProject = () =>
  useWorkMutation(
    (body: CreateProjectBody) => api(projectEndpoints.create, { body }, { failMessage: UI_TEXT.createProjectFailed }),
    { change: () => ({ record: 'new project' }), answers: answersProject },
  );

export const useUpdateProject = () =>
  useWorkMutation(
    ({ projectId, body }: { projectId: string; body: UpdateProjectBody }) =>
      api(projectEndpoints.update, { params: { id: projectId }, body }, { failMessage: UI_TEXT.updateProjectFailed }),
    { change: projectChange, answers: answersProject },
  );

export const useDeleteProject = () =>
  useWorkMutation(
    (projectId: string) =>
      api(projectEndpoints.remove, { params: { id: projectId } }, { failMessage: UI_TEXT.deleteProjectFailed }),
    {
      change: (_, projectId) => projectChange({ id: projectId }),
      removes: (projectId) => [workKeys.project(projectId), workKeys.objectiveList(projectId)],
    },
  );

export const useCreateObjective = (projectId: string) =>
  useWorkMutation(
    (body: CreateObjectiveBody) =>
      api(
        objectiveEndpoints.create,
        { params: { id: projectId }, body },
        { failMessage: UI_TEXT.createObjectiveFailed },
      ),
    { change: objectiveChange, answers: answersObjective },
  );

export const useUpdateObjective = () =>
  useWorkMutation(
    ({ objectiveId, body }: { objectiveId: string; body: UpdateObjectiveBody }) =>
      api(
        objectiveEndpoints.update,
        { params: { id: objectiveId }, body },
        { failMessage: UI_TEXT.updateObjectiveFailed },
      ),
    { change: objectiveChange, answers: answersObjective },
  );

export const useDeleteObjective = () =>
  useWorkMutation(
    (objective: Pick<Objective, 'id' | 'projectId'>) =>
      api(objectiveEndpoints.remove, { params: { id: objective.id } }, { failMessage: UI_TEXT.deleteObjectiveFailed }),
    {
      change: (_, objective) => objectiveChange(objective),
      removes: (objective) => [workKeys.objective(objective.id), workKeys.taskList(objective.id)],
    },
  );

export const useCreateTask = (objectiveId: string) =>
  useWorkMutation(
    (body: CreateTaskBody) =>
      api(taskEndpoints.create, { params: { id: objectiveId }, body }, { failMessage: UI_TEXT.createTaskFailed }),
    { change: taskChange, answers: answersTask },
  );

/** A task's edit: the edit form's fields, or the assignee alone ('Assign to Me'). */
export const useUpdateTask = (taskId: string, failMessage: string = UI_TEXT.updateTaskFailed) =>
  useWorkMutation(
    (body: UpdateTaskBody) => api(taskEndpoints.update, { params: { id: taskId }, body }, { failMessage }),
    {
      change: taskChange,
      answers: answersTask,
    },
  );

/** Deletes the task; a repeating task's series goes on ('keep') or stops with it ('stop'). */
export const useDeleteTask = (task: Pick<Task, 'id' | 'projectId' | 'objectiveId'>) =>
  useWorkMutation(
    (series: 'keep' | 'stop' = 'keep') =>
      api(
        taskEndpoints.remove,
        { params: { id: task.id }, query: { series } },
        { failMessage: UI_TEXT.deleteTaskFailed },
      ),
    { change: () => taskChange(task), removes: () => [workKeys.task(task.id)] },
  );

export const useTaskProgress = (taskId: string) =>
  useWorkMutation(
    (progress: number) =>
      api(
        taskEndpoints.setProgress,
        { params: { id: taskId }, body: { progress } },
        { failMessage: UI_TEXT.updateProgressFailed },
      ),
    { change: taskChange, answers: answersTask },
  );

/** A comment answers only itself; the task's page (its comments and history) is read again. */
export const useAddComment = (taskId: string) =>
  useWorkMutation(
    (comment: NewComment) =>
      api(taskEndpoints.comment, { params: { id: taskId }, body: comment }, { failMessage: UI_TEXT.addCommentFailed }),
    { change: () => ({ record: 'detail', taskId }) },
  );

/** The page of the record an attachment belongs to. */
const ownerDetail = (owner: AttachmentOwner): ChangedRecord =>
  owner.kind === 'tasks' ? { record: 'detail', taskId: owner.id } : { record: 'detail', objectiveId: owner.id };

export const useRemoveAttachment = (owner: AttachmentOwner) =>
  useWorkMutation(
    (attachmentId: string) =>
      api(
        attachmentEndpoints(owner.kind).remove,
        { params: { id: owner.id, attachmentId } },
        { failMessage: UI_TEXT.removeAttachmentFailed },
      ),
    { change: () => ownerDetail(owner) },
  );

/** Uploads one file to a record, with the share sent so far (0 to 1) while it runs. */
export function useUploadAttachment(owner: AttachmentOwner) {
  const [sent, setSent] = useState(0);
  const upload = useWorkMutation(
    (file: File) => {
      setSent(0);
      return apiUpload(
        attachmentEndpoints(owner.kind).add,
        { params: { id: owner.id }, form: fileForm(file) },
        setSent,
        { failMessage: UI_TEXT.uploadFileFailed },
      );
    },
    { change: () => ownerDetail(owner) },
  );
  return { ...upload, sent };
}
