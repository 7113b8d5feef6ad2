import {
  createTaskBody,
  envelope,
  errorResponse,
  idParams,
  MESSAGES,
  messageEnvelope,
  myTaskSchema,
  myTasksQuery,
  organizationFilterQuery,
  pagedEnvelope,
  taskCommentBody,
  taskCommentSchema,
  taskDetailSchema,
  taskListQuery,
  taskProgressBody,
  taskSchema,
  taskStatsSchema,
  taskStatusBody,
  updateTaskBody,
  WORK_EVENTS,
  type WorkChange,
} from '@smart/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TaskRow } from '../../db/schema/index.js';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { isAdvisor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { removeStoredFiles } from '../files/attachments.js';
import { announceWork } from '../projects/live.js';
import { listMyTasks, taskStats } from './overview.js';
import { presentMyTask, presentTask, presentTaskComment, presentTaskDetail } from './presenter.js';
import {
  addTaskComment,
  createTask,
  deleteTask,
  listTasks,
  readTask,
  setTaskProgress,
  setTaskStatus,
  type TaskResult,
  updateTask,
} from './service.js';

const tags = ['Tasks'];
const taskDetailEnvelope = envelope(taskDetailSchema);

/** The ids a task event carries. */
const taskIds = (task: Pick<TaskRow, 'id' | 'projectId' | 'objectiveId'>) => ({
  projectId: task.projectId,
  objectiveId: task.objectiveId,
  taskId: task.id,
});

export async function taskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Announces a committed task change in its project's room and answers with the task detail. */
  const answerChange = ({ detail, access }: TaskResult, change: WorkChange) => {
    announceWork(app, WORK_EVENTS.taskChanged, { ...taskIds(detail.record.task), change, actorId: access.actor.id });
    return ok(presentTaskDetail(detail, access));
  };

  app.get(
    '/api/tasks/my-tasks',
    {
      schema: {
        operationId: 'listMyTasks',
        tags,
        summary:
          'Tasks assigned to the caller (filter=assigned, default) or created by it, by due date (none last), with project and objective',
        querystring: myTasksQuery,
        response: { 200: envelope(z.array(myTaskSchema)) },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const records = await listMyTasks(app.db, actor, request.query.filter);
      // The query keeps an advisor to the organizations it acts in now.
      const access = { actor, advisorActsInOrganization: isAdvisor(actor) };
      return ok(records.map((record) => presentMyTask(record, access)));
    },
  );

  app.get(
    '/api/tasks/stats',
    {
      schema: {
        operationId: 'getTaskStats',
        tags,
        summary:
          "Tasks by status and priority, and overdue ones, in the caller's scope (an advisor: its assigned tasks)",
        querystring: organizationFilterQuery,
        response: { 200: envelope(taskStatsSchema), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ok(await taskStats(app.db, requireUser(request), request.query.organizationId)),
  );

  app.get(
    '/api/tasks/objectives/:id',
    {
      schema: {
        operationId: 'listObjectiveTasks',
        tags,
        summary:
          "An objective's tasks in creation order; assignedTo takes a user id or 'me' (an advisor sees its assigned ones)",
        params: idParams,
        querystring: taskListQuery,
        response: { 200: pagedEnvelope(taskSchema) },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { page, access } = await listTasks(app.db, actor, request.params.id, request.query);
      return okPage(page, (record) => presentTask(record, access));
    },
  );

  app.get(
    '/api/tasks/:id',
    {
      schema: {
        operationId: 'getTask',
        tags,
        summary: 'A task with its project, objective, comments, attachments and history',
        params: idParams,
        response: { 200: taskDetailEnvelope },
      },
    },
    async (request) => {
      const { detail, access } = await readTask(app.db, requireUser(request), request.params.id);
      return ok(presentTaskDetail(detail, access));
    },
  );

  app.post(
    '/api/tasks/objectives/:id',
    {
      schema: {
        operationId: 'createTask',
        tags,
        summary: 'Add a task to an objective; the assignee must be able to see it (canManageProjects)',
        params: idParams,
        body: createTaskBody,
        response: { 201: taskDetailEnvelope, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const result = await createTask(app.db, requireUser(request), request.params.id, request.body);
      return reply.status(201).send(answerChange(result, 'created'));
    },
  );

  app.put(
    '/api/tasks/:id',
    {
      schema: {
        operationId: 'updateTask',
        tags,
        summary:
          'Edit a task (partial): its creator, org_admin, admin; someone allowed to take it may send only {assignedTo: self}',
        params: idParams,
        body: updateTaskBody,
        response: { 200: taskDetailEnvelope, 403: errorResponse },
      },
    },
    async (request) =>
      answerChange(await updateTask(app.db, requireUser(request), request.params.id, request.body), 'updated'),
  );

  app.patch(
    '/api/tasks/:id/status',
    {
      schema: {
        operationId: 'updateTaskStatus',
        tags,
        summary: 'Set the status (completed sets progress 100): the assignee, the creator, org_admin, admin',
        params: idParams,
        body: taskStatusBody,
        response: { 200: taskDetailEnvelope, 403: errorResponse },
      },
    },
    async (request) =>
      answerChange(await setTaskStatus(app.db, requireUser(request), request.params.id, request.body.status), 'status'),
  );

  app.patch(
    '/api/tasks/:id/progress',
    {
      schema: {
        operationId: 'updateTaskProgress',
        tags,
        summary:
          'Set the progress, 0 to 100 in steps of 5 (100 completes the task): the assignee, the creator, org_admin, admin',
        params: idParams,
        body: taskProgressBody,
        response: { 200: taskDetailEnvelope, 403: errorResponse },
      },
    },
    async (request) =>
      answerChange(
        await setTaskProgress(app.db, requireUser(request), request.params.id, request.body.progress),
        'progress',
      ),
  );

  app.delete(
    '/api/tasks/:id',
    {
      schema: {
        operationId: 'deleteTask',
        tags,
        summary: 'Delete a task with its comments, history and attachments: its creator, org_admin, admin',
        params: idParams,
        response: { 200: messageEnvelope, 403: errorResponse },
      },
    },
    async (request) => {
      const actor = requireUser(request);
      const { task, fileKeys } = await deleteTask(app.db, actor, request.params.id);
      announceWork(app, WORK_EVENTS.taskDeleted, { ...taskIds(task), actorId: actor.id });
      await removeStoredFiles(app.storage, fileKeys);
      return okMessage(MESSAGES.taskDeleted);
    },
  );

  app.post(
    '/api/tasks/:id/comments',
    {
      schema: {
        operationId: 'addTaskComment',
        tags,
        summary:
          'Comment on a task (whoever may read it): trimmed, non-blank, at most 5,000 characters; the people it mentions who can read the task are told',
        params: idParams,
        body: taskCommentBody,
        response: { 201: envelope(taskCommentSchema) },
      },
      config: { writeLimit: 'comments' },
    },
    async (request, reply) => {
      const actor = requireUser(request);
      const { task, comment } = await addTaskComment(app.db, actor, request.params.id, request.body);
      announceWork(app, WORK_EVENTS.commentAdded, { ...taskIds(task), commentId: comment.id, actorId: actor.id });
      return reply.status(201).send(ok(presentTaskComment(comment)));
    },
  );
}
