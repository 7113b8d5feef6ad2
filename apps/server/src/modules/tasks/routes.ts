import { taskEndpoints as endpoints, UI_TEXT, WORK_EVENTS, type WorkChange } from '@smart/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TaskRow } from '../../db/schema/index.js';
import { ok, okMessage, okPage } from '../../lib/envelope.js';
import { addRoute } from '../../lib/route.js';
import { isAdvisor } from '../../lib/tenancy.js';
import { requireUser } from '../../plugins/auth.js';
import { removeStoredFiles } from '../files/index.js';
import { announceWork } from '../projects/index.js';
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

/** The ids a task event carries. */
const taskIds = (task: Pick<TaskRow, 'id' | 'projectId' | 'objectiveId'>) => ({
  projectId: task.projectId,
  objectiveId: task.objectiveId,
  taskId: task.id,
});

/** Whose My Tasks list the task (Assigned to Me, Created by Me): they hear of its changes from anywhere. */
const listedFor = (task: Pick<TaskRow, 'assignedTo' | 'createdBy'>) => [task.assignedTo, task.createdBy];

export async function taskRoutes(app: FastifyInstance) {
  /**
   * Announces a committed task change in its project's room and to the people whose My Tasks
   * list it, or listed it until a reassignment; answers with the task detail.
   */
  const answerChange = (
    request: FastifyRequest,
    { detail, access, formerAssigneeId, nextTask }: TaskResult,
    change: WorkChange,
  ) => {
    const { task } = detail.record;
    announceWork(request, WORK_EVENTS.taskChanged, { ...taskIds(task), change, actorId: access.actor.id }, [
      ...listedFor(task),
      formerAssigneeId,
    ]);
    if (nextTask) announceNextTask(request, nextTask, access.actor.id);
    return ok(presentTaskDetail(detail, access));
  };

  /** A repeating task's next one, made by the change: every page listing it hears, the caller's too. */
  const announceNextTask = (request: FastifyRequest, task: TaskRow, actorId: string) =>
    announceWork(request, WORK_EVENTS.taskChanged, { ...taskIds(task), change: 'created', actorId }, listedFor(task), {
      toOrigin: true,
    });

  addRoute(app, endpoints.mine, async (request) => {
    const actor = requireUser(request);
    const page = await listMyTasks(app.db, actor, request.query);
    // The query keeps an advisor to the organizations it acts in now.
    const access = { actor, advisorActsInOrganization: isAdvisor(actor) };
    return okPage(page, (record) => presentMyTask(record, access));
  });

  addRoute(app, endpoints.stats, async (request) =>
    ok(await taskStats(app.db, requireUser(request), request.query.organizationId)),
  );

  addRoute(app, endpoints.list, async (request) => {
    const actor = requireUser(request);
    const { page, access } = await listTasks(app.db, actor, request.params.id, request.query);
    return okPage(page, (record) => presentTask(record, access));
  });

  addRoute(app, endpoints.get, async (request) => {
    const { detail, access } = await readTask(app.db, requireUser(request), request.params.id);
    return ok(presentTaskDetail(detail, access));
  });

  addRoute(app, endpoints.create, async (request, reply) => {
    const result = await createTask(app.db, requireUser(request), request.params.id, request.body);
    return reply.status(201).send(answerChange(request, result, 'created'));
  });

  addRoute(app, endpoints.update, async (request) =>
    answerChange(request, await updateTask(app.db, requireUser(request), request.params.id, request.body), 'updated'),
  );

  addRoute(app, endpoints.setStatus, async (request) =>
    answerChange(
      request,
      await setTaskStatus(app.db, requireUser(request), request.params.id, request.body.status),
      'status',
    ),
  );

  addRoute(app, endpoints.setProgress, async (request) =>
    answerChange(
      request,
      await setTaskProgress(app.db, requireUser(request), request.params.id, request.body.progress),
      'progress',
    ),
  );

  addRoute(app, endpoints.remove, async (request) => {
    const actor = requireUser(request);
    const { task, fileKeys, nextTask } = await deleteTask(app.db, actor, request.params.id, request.query.series);
    announceWork(request, WORK_EVENTS.taskDeleted, { ...taskIds(task), actorId: actor.id }, listedFor(task));
    if (nextTask) announceNextTask(request, nextTask, actor.id);
    await removeStoredFiles(app.storage, fileKeys);
    return okMessage(UI_TEXT.taskDeleted);
  });

  addRoute(
    app,
    endpoints.comment,
    async (request, reply) => {
      const actor = requireUser(request);
      const { task, comment } = await addTaskComment(app.db, actor, request.params.id, request.body);
      announceWork(request, WORK_EVENTS.commentAdded, { ...taskIds(task), commentId: comment.id, actorId: actor.id });
      return reply.status(201).send(ok(presentTaskComment(comment)));
    },
    { config: { writeLimit: 'comments' } },
  );
}
