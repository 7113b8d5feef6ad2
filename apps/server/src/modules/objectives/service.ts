import { type createObjectiveBody, type objectiveListQuery, UI_TEXT, type updateObjectiveBody } from '@smart/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { objectives, projects, tasks, teams, users } from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { givenChanges } from '../../lib/changes.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { requireNoLockedTime } from '../../lib/locked-time.js';
import { type Page, type PageJoin, paginateByIds } from '../../lib/paging.js';
import {
  actorReader,
  findReadableObjective,
  readableObjectives,
  readableProjects,
} from '../../lib/read-rules/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { type AttachmentRow, detachFilesOf, listAttachments } from '../files/index.js';
import { userSummaryOf } from '../people/index.js';
import {
  canChangeWorkRecord,
  newWorkRecord,
  requireProjectWork,
  requireTeamIn,
  taskTotals,
  workSearch,
} from '../projects/index.js';
import type { ObjectiveRecord } from './presenter.js';

/** Objectives with their project's title, team, creator and task totals: one query for any number of rows. */
function selectObjectiveRecords(db: Database, page?: PageJoin) {
  const totals = taskTotals(db, tasks.objectiveId, objectives.id);
  const query = db
    .select({
      organizationId: objectives.organizationId,
      objective: objectives,
      project: { id: projects.id, title: projects.title },
      team: { id: teams.id, name: teams.name },
      createdBy: userSummaryOf(users),
      progress: totals.progress,
      taskCount: totals.taskCount,
      completedTaskCount: totals.completedTaskCount,
    })
    .from(objectives)
    .$dynamic();
  return (page ? query.innerJoin(page.ids, page.on) : query)
    .innerJoin(projects, eq(projects.id, objectives.projectId))
    .leftJoin(teams, eq(teams.id, objectives.teamId))
    .leftJoin(users, eq(users.id, objectives.createdBy))
    .crossJoinLateral(totals);
}

async function findObjectiveRecord(db: Database, id: string, readable?: SQL): Promise<ObjectiveRecord | null> {
  const [row] = await selectObjectiveRecords(db)
    .where(and(eq(objectives.id, id), readable))
    .limit(1);
  return row ?? null;
}

/** The project the actor may read, or 403 (advisors) / 404 (missing, another organization). */
async function readableProject(db: Database, actor: Actor, projectId: string) {
  requireProjectWork(actor);
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), readableProjects(actorReader(actor))))
    .limit(1);
  if (!row) throw notFound(UI_TEXT.projectNotFound);
  return row;
}

type ObjectiveListQuery = z.output<typeof objectiveListQuery>;

/** GET /api/objectives/projects/{projectId}: a project's objectives in creation order, filtered. */
export async function listObjectives(
  db: Database,
  actor: Actor,
  projectId: string,
  query: ObjectiveListQuery,
): Promise<Page<ObjectiveRecord>> {
  const project = await readableProject(db, actor, projectId);
  const search = workSearch(objectives, query.search);
  const where = and(
    eq(objectives.projectId, project.id),
    readableObjectives(actorReader(actor)),
    query.status ? eq(objectives.status, query.status) : undefined,
    query.priority ? eq(objectives.priority, query.priority) : undefined,
    search.condition,
  );
  return paginateByIds<ObjectiveRecord>(db, query, {
    table: objectives,
    where,
    order: [objectives.createdAt, objectives.id],
    matchesFirst: search.matchesFirst,
    details: (page) => selectObjectiveRecords(db, page),
  });
}

/** The objective's attachments, oldest first. */
const attachmentsOf = async (db: Database, objectiveId: string) =>
  (await listAttachments(db, 'objective', [objectiveId])).get(objectiveId) ?? [];

export interface ObjectiveDetailRecord {
  record: ObjectiveRecord;
  attachments: AttachmentRow[];
}

/** GET /api/objectives/{id}: 403 for advisors, 404 when missing or of another organization. */
export async function readObjective(db: Database, actor: Actor, objectiveId: string): Promise<ObjectiveDetailRecord> {
  requireProjectWork(actor);
  const record = await findObjectiveRecord(db, objectiveId, readableObjectives(actorReader(actor)));
  if (!record) throw notFound(UI_TEXT.objectiveNotFound);
  return { record, attachments: await attachmentsOf(db, record.objective.id) };
}

/** The objective row the actor may read (its read rule, else 404) and change (403). */
async function changeableObjective(db: Database, actor: Actor, objectiveId: string) {
  requireProjectWork(actor);
  const objective = await findReadableObjective(db, actor, objectiveId);
  if (!objective) throw notFound(UI_TEXT.objectiveNotFound);
  if (!canChangeWorkRecord(actor, objective)) throw forbidden();
  return objective;
}

async function loadObjectiveDetail(db: Database, objectiveId: string): Promise<ObjectiveDetailRecord> {
  const record = await findObjectiveRecord(db, objectiveId);
  if (!record) throw notFound(UI_TEXT.objectiveNotFound);
  return { record, attachments: await attachmentsOf(db, objectiveId) };
}

type CreateObjective = z.output<typeof createObjectiveBody>;

/** POST /api/objectives/projects/{projectId}: whoever may read the project adds objectives to it (canAddObjective). */
export async function createObjective(
  db: Database,
  actor: Actor,
  projectId: string,
  body: CreateObjective,
): Promise<ObjectiveDetailRecord> {
  const project = await readableProject(db, actor, projectId);
  await requireTeamIn(db, project.organizationId, body.team);
  const objectiveId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(objectives)
      .values({
        organizationId: project.organizationId,
        projectId: project.id,
        ...newWorkRecord(body, actor),
        teamId: body.team ?? null,
      })
      .returning({ id: objectives.id });
    if (!created) throw new Error('insert returned no row');
    await publish(db, tx, {
      type: 'objective.created',
      organizationId: project.organizationId,
      actorId: actor.id,
      payload: { objectiveId: created.id, projectId: project.id, projectTitle: project.title, title: body.title },
    });
    return created.id;
  });
  return loadObjectiveDetail(db, objectiveId);
}

type UpdateObjective = z.output<typeof updateObjectiveBody>;

/** PUT /api/objectives/{id}: its creator, org_admin, admin; fields left out stay. */
export async function updateObjective(
  db: Database,
  actor: Actor,
  objectiveId: string,
  body: UpdateObjective,
): Promise<ObjectiveDetailRecord> {
  const objective = await changeableObjective(db, actor, objectiveId);
  await requireTeamIn(db, objective.organizationId, body.team);
  await db
    .update(objectives)
    .set({
      ...givenChanges({
        title: body.title,
        description: body.description,
        status: body.status,
        priority: body.priority,
        dueDate: body.dueDate,
        teamId: body.team,
      }),
      updatedAt: new Date(),
    })
    .where(eq(objectives.id, objective.id));
  return loadObjectiveDetail(db, objective.id);
}

/**
 * DELETE /api/objectives/{id}: its tasks, their comments and history go with it (cascades), and the
 * files attached to it and its tasks in the same transaction. Returns the project (for its room)
 * and the storage keys whose bytes the caller removes after the commit.
 */
export async function deleteObjective(db: Database, actor: Actor, objectiveId: string) {
  const objective = await changeableObjective(db, actor, objectiveId);
  const fileKeys = await db.transaction(async (tx) => {
    await requireNoLockedTime(tx, sql`e.task_id in (select id from tasks where objective_id = ${objective.id})`);
    const taskRows = await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.objectiveId, objective.id));
    const keys = [
      ...(await detachFilesOf(tx, 'objective', [objective.id])),
      ...(await detachFilesOf(
        tx,
        'task',
        taskRows.map((row) => row.id),
      )),
    ];
    await tx.delete(objectives).where(eq(objectives.id, objective.id));
    return keys;
  });
  return { projectId: objective.projectId, fileKeys };
}
