import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, messageEnvelope, pagedEnvelope } from '../schemas/common.js';
import { taskDeleteQuery } from '../schemas/recurrence.js';
import { organizationFilterQuery } from '../schemas/structure.js';
import {
  createTaskBody,
  myTaskSchema,
  myTasksQuery,
  taskCommentBody,
  taskCommentSchema,
  taskDetailSchema,
  taskListQuery,
  taskProgressBody,
  taskSchema,
  taskStatsSchema,
  taskStatusBody,
  updateTaskBody,
} from '../schemas/work.js';

const tags = ['Tasks'];
const taskDetailEnvelope = envelope(taskDetailSchema);

/** An objective's tasks and their comments. Their attachments are files/attachment-routes.ts's. */
export const taskEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: '/api/tasks/my-tasks',
    operationId: 'listMyTasks',
    scope: 'projects:read',
    tags,
    summary:
      'Tasks assigned to the caller (filter=assigned, default) or created by it, by due date (none last), with project, objective and organization',
    description:
      "Filters: status; due (overdue: before today and not completed; today; next_7_days: today and the 6 days after; none: no due date), today being the caller's in its time zone; organizationId. sort (any field a card shows) with order; the id breaks ties. Paged (page, limit): a tab's count is pagination.total.",
    query: myTasksQuery,
    responses: { 200: pagedEnvelope(myTaskSchema) },
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/tasks/stats',
    operationId: 'getTaskStats',
    scope: 'projects:read',
    tags,
    summary: "Tasks by status and priority, and overdue ones, in the caller's scope (an advisor: its assigned tasks)",
    query: organizationFilterQuery,
    responses: { 200: envelope(taskStatsSchema), 403: errorResponse, 404: errorResponse },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/tasks/objectives/:id',
    operationId: 'listObjectiveTasks',
    scope: 'projects:read',
    tags,
    summary:
      "An objective's tasks in creation order; assignedTo takes a user id or 'me' (an advisor sees its assigned ones)",
    params: idParams,
    query: taskListQuery,
    responses: { 200: pagedEnvelope(taskSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/tasks/:id',
    operationId: 'getTask',
    scope: 'projects:read',
    tags,
    summary: 'A task with its project, objective, comments, attachments and history',
    params: idParams,
    responses: { 200: taskDetailEnvelope },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/tasks/objectives/:id',
    operationId: 'createTask',
    scope: 'projects:write',
    tags,
    summary: 'Add a task to an objective; the assignee must be able to see it (canManageProjects)',
    params: idParams,
    body: createTaskBody,
    responses: { 201: taskDetailEnvelope, 403: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/tasks/:id',
    operationId: 'updateTask',
    scope: 'projects:write',
    tags,
    summary:
      "Edit a task (partial): its creator, org_admin, admin; someone allowed to take it may send only {assignedTo: self}. `recurrence` starts, changes or (null) stops its repeating; on a repeating task, scope 'following' also changes what its next tasks are made from",
    params: idParams,
    body: updateTaskBody,
    responses: { 200: taskDetailEnvelope, 403: errorResponse },
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: '/api/tasks/:id/status',
    operationId: 'updateTaskStatus',
    scope: 'projects:write',
    tags,
    summary: 'Set the status (completed sets progress 100): the assignee, the creator, org_admin, admin',
    params: idParams,
    body: taskStatusBody,
    responses: { 200: taskDetailEnvelope, 403: errorResponse },
  }),
  setProgress: endpoint({
    method: 'PATCH',
    path: '/api/tasks/:id/progress',
    operationId: 'updateTaskProgress',
    scope: 'projects:write',
    tags,
    summary:
      'Set the progress, 0 to 100 in steps of 5 (100 completes the task): the assignee, the creator, org_admin, admin',
    params: idParams,
    body: taskProgressBody,
    responses: { 200: taskDetailEnvelope, 403: errorResponse },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/tasks/:id',
    operationId: 'deleteTask',
    scope: 'projects:write',
    tags,
    summary:
      "Delete a task with its comments, history and attachments: its creator, org_admin, admin. A repeating task's series goes on (series=keep: when it makes its tasks on completion, the next one comes now) or stops (series=stop)",
    params: idParams,
    query: taskDeleteQuery,
    responses: { 200: messageEnvelope, 403: errorResponse },
  }),
  comment: endpoint({
    method: 'POST',
    path: '/api/tasks/:id/comments',
    operationId: 'addTaskComment',
    scope: 'projects:write',
    tags,
    summary:
      'Comment on a task (whoever may read it): trimmed, non-blank, at most 5,000 characters; the people it mentions who can read the task are told',
    params: idParams,
    body: taskCommentBody,
    responses: { 201: envelope(taskCommentSchema) },
  }),
};
