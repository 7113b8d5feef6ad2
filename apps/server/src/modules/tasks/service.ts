import {
  type createTaskBody,
  type TaskStatus,
  type taskCommentBody,
  type taskListQuery,
  UI_TEXT,
  type updateTaskBody,
} from '@smart/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  objectives,
  organizations,
  projects,
  type TaskRow,
  taskActivity,
  taskComments,
  taskSeries,
  tasks,
  users,
} from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { requireNoLockedTime } from '../../lib/locked-time.js';
import { type Page, type PageJoin, paginateByIds } from '../../lib/paging.js';
import { actorReader, findReadableObjective, readableObjectives, readableTasks } from '../../lib/read-rules/index.js';
import { type Actor, accessIn } from '../../lib/tenancy.js';
import { detachFilesOf, listAttachments } from '../files/index.js';
import { readableMentions } from '../notifications/index.js';
import { namesOf, userSummaryOf } from '../people/index.js';
import { canChangeWorkRecord, newWorkRecord, requireProjectWork, workSearch } from '../projects/index.js';
import { recordTaskActivity, type TaskActivityEntry } from './activity.js';
import { requireAssignable } from './assignee.js';
import { afterProgressChange, afterStatusChange, type Completion } from './completion.js';
import { taskChangeEvents, taskCommented, taskCreated } from './events.js';
import { canAssignTaskToMe, canUpdateTaskProgress, type TaskAccess } from './policy.js';
import type { TaskCommentRecord, TaskDetailRecord, TaskRecord } from './presenter.js';
import {
  changeSeries,
  makeNextTask,
  nextTaskAfterCompletion,
  runningSeriesOf,
  type SeriesTemplate,
  startSeries,
  stopSeries,
} from './recurrence.js';

const creator = alias(users, 'task_creator');
const assignee = alias(users, 'task_assignee');

/** Tasks with their organization's name, creator, assignee, project and objective titles: one query for any number of rows. */
export function selectTaskRecords(db: Database, page?: PageJoin) {
  const query = db
    .select({
      organizationId: tasks.organizationId,
      organizationName: organizations.name,
      task: tasks,
      createdBy: userSummaryOf(creator),
      assignee: userSummaryOf(assignee),
      project: { id: projects.id, title: projects.title },
      objective: { id: objectives.id, title: objectives.title },
      series: taskSeries,
    })
    .from(tasks)
    .$dynamic();
  return (page ? query.innerJoin(page.ids, page.on) : query)
    .innerJoin(organizations, eq(organizations.id, tasks.organizationId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(objectives, eq(objectives.id, tasks.objectiveId))
    .leftJoin(creator, eq(creator.id, tasks.createdBy))
    .leftJoin(assignee, eq(assignee.id, tasks.assignedTo))
    .leftJoin(taskSeries, eq(taskSeries.id, tasks.seriesId));
}

async function findTaskRecord(db: Database, id: string): Promise<TaskRecord | null> {
  const [row] = await selectTaskRecords(db).where(eq(tasks.id, id)).limit(1);
  return row ?? null;
}

/** What the actor may do in the organization's tasks; asks for an advisor's assignment only for advisors. */
export const taskAccessIn = (db: Database, actor: Actor, organizationId: string): Promise<TaskAccess> =>
  accessIn(db, actor, organizationId);

/** The task row if the actor reads it (lib/read-rules readableTasks), else undefined. */
export async function findReadableTask(db: Database, actor: Actor, taskId: string): Promise<TaskRow | undefined> {
  const [task] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), readableTasks(actorReader(actor))))
    .limit(1);
  return task;
}

/**
 * The task row with the actor's access (for its permissions), or 404 (missing, another
 * organization, an advisor's unassigned task).
 */
export async function readableTask(db: Database, actor: Actor, taskId: string) {
  const task = await findReadableTask(db, actor, taskId);
  if (!task) throw notFound(UI_TEXT.taskNotFound);
  return { task, access: await taskAccessIn(db, actor, task.organizationId) };
}

type TaskListQuery = z.output<typeof taskListQuery>;

/**
 * GET /api/tasks/objectives/{objectiveId}: the objective's tasks in creation order, filtered. An
 * advisor acting in the organization sees the ones assigned to it; anyone else without access, 404.
 */
export async function listTasks(
  db: Database,
  actor: Actor,
  objectiveId: string,
  query: TaskListQuery,
): Promise<{ page: Page<TaskRecord>; access: TaskAccess }> {
  const [row] = await db
    .select({ objective: objectives, readable: sql<boolean>`${readableObjectives(actorReader(actor))}` })
    .from(objectives)
    .where(eq(objectives.id, objectiveId))
    .limit(1);
  if (!row) throw notFound(UI_TEXT.objectiveNotFound);
  const { objective } = row;
  const access = await taskAccessIn(db, actor, objective.organizationId);
  // An advisor acting there lists the tasks assigned to it without reading the objective.
  if (!row.readable && !access.advisorActsInOrganization) throw notFound(UI_TEXT.objectiveNotFound);
  const assignedTo = query.assignedTo === 'me' ? actor.id : query.assignedTo;
  const search = workSearch(tasks, query.search);
  const where = and(
    eq(tasks.objectiveId, objective.id),
    readableTasks(actorReader(actor)),
    assignedTo ? eq(tasks.assignedTo, assignedTo) : undefined,
    query.status ? eq(tasks.status, query.status) : undefined,
    query.priority ? eq(tasks.priority, query.priority) : undefined,
    search.condition,
  );
  const page = await paginateByIds<TaskRecord>(db, query, {
    table: tasks,
    where,
    order: [tasks.createdAt, tasks.id],
    matchesFirst: search.matchesFirst,
    details: (join) => selectTaskRecords(db, join),
  });
  return { page, access };
}

/** Comments with their authors. */
function selectComments(db: Database) {
  return db
    .select({
      id: taskComments.id,
      text: taskComments.text,
      mentions: taskComments.mentions,
      createdAt: taskComments.createdAt,
      author: userSummaryOf(users),
    })
    .from(taskComments)
    .leftJoin(users, eq(users.id, taskComments.authorId));
}

/** A task's comments, oldest first, with their authors: one query. */
function listComments(db: Database, taskId: string): Promise<TaskCommentRecord[]> {
  return selectComments(db)
    .where(eq(taskComments.taskId, taskId))
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
}

/** A task's history, oldest first, with who did each thing: one query. */
function listActivity(db: Database, taskId: string) {
  return db
    .select({
      id: taskActivity.id,
      kind: taskActivity.kind,
      fromValue: taskActivity.fromValue,
      toValue: taskActivity.toValue,
      createdAt: taskActivity.createdAt,
      actor: userSummaryOf(users),
    })
    .from(taskActivity)
    .leftJoin(users, eq(users.id, taskActivity.actorId))
    .where(eq(taskActivity.taskId, taskId))
    .orderBy(asc(taskActivity.createdAt), asc(taskActivity.id));
}

/** The task with its comments, attachments and history: four queries, whatever their number. */
async function loadTaskDetail(db: Database, taskId: string): Promise<TaskDetailRecord> {
  const [record, comments, attachments, activity] = await Promise.all([
    findTaskRecord(db, taskId),
    listComments(db, taskId),
    listAttachments(db, 'task', [taskId]).then((byTask) => byTask.get(taskId) ?? []),
    listActivity(db, taskId),
  ]);
  if (!record) throw notFound(UI_TEXT.taskNotFound);
  return { record, comments, attachments, activity };
}

export interface TaskResult {
  detail: TaskDetailRecord;
  access: TaskAccess;
  /** Whom the change took the task from, when it was reassigned (their My Tasks loses it). */
  formerAssigneeId?: string | null;
  /** The next task of its series, made by this change (a repeating task completed). */
  nextTask?: TaskRow | null;
}

/** GET /api/tasks/{id}. */
export async function readTask(db: Database, actor: Actor, taskId: string): Promise<TaskResult> {
  const { task, access } = await readableTask(db, actor, taskId);
  return { detail: await loadTaskDetail(db, task.id), access };
}

type CreateTask = z.output<typeof createTaskBody>;

/**
 * POST /api/tasks/objectives/{objectiveId}: whoever works on the objective's project (advisors:
 * 403). The assignee must be able to see the task (400). The task and its first history entry are
 * one transaction.
 */
export async function createTask(db: Database, actor: Actor, objectiveId: string, body: CreateTask) {
  requireProjectWork(actor);
  const objective = await findReadableObjective(db, actor, objectiveId);
  if (!objective) throw notFound(UI_TEXT.objectiveNotFound);
  await requireAssignable(db, objective.organizationId, body.assignedTo);
  const taskId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tasks)
      .values({
        organizationId: objective.organizationId,
        projectId: objective.projectId,
        objectiveId: objective.id,
        ...newWorkRecord(body, actor),
        assignedTo: body.assignedTo ?? null,
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    const repeats = body.recurrence ? [await startSeries(tx, created, body.recurrence)] : [];
    await recordTaskActivity(tx, created, actor.id, [{ kind: 'created', to: body.title }, ...repeats]);
    await publish(db, tx, taskCreated(created, actor.id));
    return created.id;
  });
  return { detail: await loadTaskDetail(db, taskId), access: await taskAccessIn(db, actor, objective.organizationId) };
}

/** A change to write: the columns, and the history entries that say what changed. */
interface TaskChange {
  set: Partial<typeof tasks.$inferInsert>;
  entries: TaskActivityEntry[];
}

/**
 * Writes a task change and its history in one transaction, then reads the task back. The change is
 * planned from the row as locked (FOR UPDATE), so two quick changes (two +5% clicks) queue and each
 * records what it really changed: 50 → 55, then 55 → 60.
 */
async function changeTask(
  db: Database,
  actor: Actor,
  taskId: string,
  plan: (task: TaskRow, tx: Database) => TaskChange | Promise<TaskChange>,
): Promise<TaskDetailRecord> {
  await db.transaction(async (tx) => {
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
    if (!task) throw notFound(UI_TEXT.taskNotFound);
    const { set, entries } = await plan(task, tx);
    if (entries.length === 0) return;
    await tx
      .update(tasks)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(tasks.id, task.id));
    await recordTaskActivity(tx, task, actor.id, entries);
    await publish(db, tx, taskChangeEvents(task, { ...task, ...set }, actor.id));
  });
  return loadTaskDetail(db, taskId);
}

type UpdateTask = z.output<typeof updateTaskBody>;

/** Whether the body only hands the task to the caller ('Assign to Me'); `scope` alone changes nothing. */
const onlyTakesTask = (actor: Actor, { scope: _scope, ...body }: UpdateTask) =>
  body.assignedTo === actor.id && Object.values(body).filter((value) => value !== undefined).length === 1;

/**
 * The repeat part of a task change, in its transaction: `recurrence` starts a series from the task,
 * changes its series' rule or (null) stops it; scope 'following' carries the change's fields to the
 * series, so its next tasks are made from them (a new due date moves the series' dates with it).
 */
async function changeRecurrence(
  tx: Database,
  current: TaskRow,
  body: UpdateTask,
  set: Partial<typeof tasks.$inferInsert>,
): Promise<TaskActivityEntry[]> {
  const series = await runningSeriesOf(tx, current);
  if (body.recurrence === null) return series ? stopSeries(tx, series) : [];
  if (!series)
    return body.recurrence ? [await startSeries(tx, { ...current, ...set } as TaskRow, body.recurrence)] : [];
  const following = body.scope === 'following';
  if (!following && body.recurrence === undefined) return [];
  const template: SeriesTemplate = following
    ? { title: set.title, description: set.description, priority: set.priority, assignedTo: set.assignedTo }
    : {};
  const movesDates = body.recurrence !== undefined || (following && set.dueDate !== undefined);
  return changeSeries(tx, series, current, {
    template: Object.fromEntries(Object.entries(template).filter(([, value]) => value !== undefined)),
    recurrence: body.recurrence,
    anchor: movesDates ? (set.dueDate !== undefined ? set.dueDate : current.dueDate) : undefined,
  });
}

/**
 * PUT /api/tasks/{id}: partial fields, by its creator, org_admin or admin; anyone else allowed to
 * 'Assign to Me' may send only {assignedTo: self} (policy canAssignTaskToMe). Each changed field
 * is recorded in the history.
 */
export async function updateTask(db: Database, actor: Actor, taskId: string, body: UpdateTask): Promise<TaskResult> {
  const { task, access } = await readableTask(db, actor, taskId);
  const allowed = canChangeWorkRecord(actor, task) || (onlyTakesTask(actor, body) && canAssignTaskToMe(access, task));
  if (!allowed) throw forbidden();
  if (body.assignedTo !== undefined && body.assignedTo !== task.assignedTo) {
    await requireAssignable(db, task.organizationId, body.assignedTo);
  }
  let formerAssigneeId: string | null = null;
  const detail = await changeTask(db, actor, taskId, async (current, tx) => {
    const set: Partial<typeof tasks.$inferInsert> = {};
    const entries: TaskActivityEntry[] = [];
    const change = <K extends 'title' | 'description' | 'priority' | 'dueDate'>(
      field: K,
      kind: TaskActivityEntry['kind'],
      withValues = true,
    ) => {
      const value = body[field];
      if (value === undefined || value === current[field]) return;
      set[field] = value as never;
      entries.push(withValues ? { kind, from: current[field], to: value } : { kind });
    };
    change('title', 'title');
    change('description', 'description', false);
    change('priority', 'priority');
    change('dueDate', 'due_date');
    if (body.assignedTo !== undefined && body.assignedTo !== current.assignedTo) {
      const names = await namesOf(tx, [current.assignedTo, body.assignedTo]);
      set.assignedTo = body.assignedTo;
      formerAssigneeId = current.assignedTo;
      entries.push({
        kind: 'assignee',
        from: current.assignedTo ? (names.get(current.assignedTo) ?? null) : null,
        to: body.assignedTo ? (names.get(body.assignedTo) ?? null) : null,
      });
    }
    entries.push(...(await changeRecurrence(tx, current, body, set)));
    return { set, entries };
  });
  return { detail, access, formerAssigneeId };
}

/** The task the actor may move (status, progress): 404 if it cannot read it, 403 if it may only read it. */
async function movableTask(db: Database, actor: Actor, taskId: string) {
  const readable = await readableTask(db, actor, taskId);
  if (!canUpdateTaskProgress(readable.access, readable.task)) throw forbidden();
  return readable;
}

/** The history entries of a status and progress change. */
function completionEntries(before: Completion, after: Completion): TaskActivityEntry[] {
  const entries: TaskActivityEntry[] = [];
  if (after.status !== before.status) entries.push({ kind: 'status', from: before.status, to: after.status });
  if (after.progress !== before.progress) {
    entries.push({ kind: 'progress', from: String(before.progress), to: String(after.progress) });
  }
  return entries;
}

/** A status or progress change; completing a repeating task may make its series' next one, in that transaction. */
async function moveTask(
  db: Database,
  actor: Actor,
  taskId: string,
  next: (task: Completion) => Completion,
): Promise<TaskResult> {
  const { access } = await movableTask(db, actor, taskId);
  let nextTask: TaskRow | null = null;
  const detail = await changeTask(db, actor, taskId, async (current, tx) => {
    const after = next(current);
    if (after.status === 'completed' && current.status !== 'completed') {
      nextTask = await nextTaskAfterCompletion(db, tx, current, actor.id);
    }
    return { set: after, entries: completionEntries(current, after) };
  });
  return { detail, access, nextTask };
}

/** PATCH /api/tasks/{id}/status (completion rules: completion.ts). */
export const setTaskStatus = (db: Database, actor: Actor, taskId: string, status: TaskStatus) =>
  moveTask(db, actor, taskId, (task) => afterStatusChange(task, status));

/** PATCH /api/tasks/{id}/progress (completion rules: completion.ts). */
export const setTaskProgress = (db: Database, actor: Actor, taskId: string, progress: number) =>
  moveTask(db, actor, taskId, (task) => afterProgressChange(task, progress));

/**
 * DELETE /api/tasks/{id}: by its creator, org_admin, admin. Its comments and history go with it
 * (cascades), its attachments' rows in the same transaction; returns the task and the storage keys
 * whose bytes the caller removes after the commit. A repeating task's series stops with it
 * (`series` 'stop') or goes on: when it makes its tasks on completion and this open task was its
 * newest, the next one is made now, as if this one were done.
 */
export async function deleteTask(db: Database, actor: Actor, taskId: string, series: 'keep' | 'stop' = 'keep') {
  const { task } = await readableTask(db, actor, taskId);
  if (!canChangeWorkRecord(actor, task)) throw forbidden();
  return db.transaction(async (tx) => {
    // The task first, then its series: the order every change of a task locks them in (no deadlock).
    await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, task.id)).for('update');
    await requireNoLockedTime(tx, sql`e.task_id = ${task.id}`);
    const fileKeys = await detachFilesOf(tx, 'task', [task.id]);
    const running = await runningSeriesOf(tx, task);
    let nextTask: TaskRow | null = null;
    if (running && series === 'stop') await stopSeries(tx, running);
    const skipsAhead =
      running?.trigger === 'completion' && running.latestOn === task.occurrenceOn && task.status !== 'completed';
    if (running && series === 'keep' && skipsAhead) nextTask = await makeNextTask(db, tx, running, actor.id);
    await tx.delete(tasks).where(eq(tasks.id, task.id));
    return { task, fileKeys, nextTask };
  });
}

type TaskCommentInput = z.output<typeof taskCommentBody>;

/**
 * POST /api/tasks/{id}/comments: whoever may read the task. The comment keeps the mentioned people
 * who can read the task (others are dropped: notifications/mentions.ts); the comment, its history
 * entry and its notifications are one transaction.
 */
export async function addTaskComment(db: Database, actor: Actor, taskId: string, body: TaskCommentInput) {
  const { task } = await readableTask(db, actor, taskId);
  const id = await db.transaction(async (tx) => {
    const mentions = await readableMentions(tx, { type: 'task', ...task }, body.mentions);
    const [created] = await tx
      .insert(taskComments)
      .values({ organizationId: task.organizationId, taskId: task.id, authorId: actor.id, text: body.text, mentions })
      .returning({ id: taskComments.id });
    if (!created) throw new Error('insert returned no row');
    await recordTaskActivity(tx, task, actor.id, [{ kind: 'comment' }]);
    await publish(db, tx, taskCommented(task, actor.id, { id: created.id, text: body.text, mentioned: mentions }));
    return created.id;
  });
  const [comment] = await selectComments(db).where(eq(taskComments.id, id)).limit(1);
  if (!comment) throw notFound(UI_TEXT.taskNotFound);
  return { task, comment };
}
