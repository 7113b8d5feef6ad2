import {
  type createProjectBody,
  isDueBeforeStart,
  PROJECT_STATUSES,
  type ProjectStats,
  type projectExportQuery,
  type projectListQuery,
  UI_TEXT,
  type updateProjectBody,
  WORK_PRIORITIES,
} from '@smart/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { objectives, projects, tasks, teams, users } from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { givenChanges } from '../../lib/changes.js';
import { countsByValue } from '../../lib/counts.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { requireNoLockedTime } from '../../lib/locked-time.js';
import { type Page, type PageJoin, paginateByIds } from '../../lib/paging.js';
import { actorReader, readableProjects } from '../../lib/read-rules/index.js';
import { type Actor, inScope, organizationScope, organizationToCreateIn } from '../../lib/tenancy.js';
import { detachFilesOf } from '../files/index.js';
import { userSummaryOf } from '../people/index.js';
import { requireProjectWork, requireTeamIn, workSearch } from './access.js';
import { newWorkRecord } from './new-record.js';
import { canChangeWorkRecord, canWorkOnProjectsIn } from './policy.js';
import type { ProjectRecord } from './presenter.js';
import { objectiveCount, taskTotals } from './task-totals.js';

/**
 * Projects with their team, creator, task totals and objective count: one query for any number of
 * rows. `page` joins a page's ids first, so the totals are computed for its rows only.
 */
export function selectProjectRecords(db: Database, page?: PageJoin) {
  const totals = taskTotals(db, tasks.projectId, projects.id);
  const query = db
    .select({
      organizationId: projects.organizationId,
      project: projects,
      team: { id: teams.id, name: teams.name },
      createdBy: userSummaryOf(users),
      progress: totals.progress,
      taskCount: totals.taskCount,
      completedTaskCount: totals.completedTaskCount,
      objectiveCount,
    })
    .from(projects)
    .$dynamic();
  return (page ? query.innerJoin(page.ids, page.on) : query)
    .leftJoin(teams, eq(teams.id, projects.teamId))
    .leftJoin(users, eq(users.id, projects.createdBy))
    .crossJoinLateral(totals);
}

export async function findProjectRecord(db: Database, id: string, readable?: SQL): Promise<ProjectRecord | null> {
  const [row] = await selectProjectRecords(db)
    .where(and(eq(projects.id, id), readable))
    .limit(1);
  return row ?? null;
}

/** The list's filters (its page aside): GET /api/projects and its CSV export. */
type ProjectFilters = z.output<typeof projectExportQuery>;

/** The projects' order: newest first, the id breaking ties. */
export const PROJECT_LIST_ORDER = [projects.createdAt, projects.id];

/**
 * The projects a list of them holds, shared by GET /api/projects and its CSV export: the caller's
 * organization's (an admin's: every organization's, or the one it names), filtered; 403 for
 * advisors. `matchesFirst`: a search chooses the rows first.
 */
export async function projectList(db: Database, actor: Actor, query: ProjectFilters) {
  requireProjectWork(actor);
  const scope = await organizationScope(db, actor, query.organizationId);
  const search = workSearch(projects, query.search);
  const where = and(
    readableProjects(actorReader(actor)),
    inScope(scope, projects.organizationId),
    query.status ? eq(projects.status, query.status) : undefined,
    query.priority ? eq(projects.priority, query.priority) : undefined,
    search.condition,
  );
  return { where, matchesFirst: search.matchesFirst };
}

/**
 * GET /api/projects: the caller's organization's projects, newest first, filtered by status,
 * priority and search. Three queries with the session's, whatever the page size.
 */
export async function listProjects(
  db: Database,
  actor: Actor,
  query: z.output<typeof projectListQuery>,
): Promise<Page<ProjectRecord>> {
  const { where, matchesFirst } = await projectList(db, actor, query);
  return paginateByIds<ProjectRecord>(db, query, {
    table: projects,
    where,
    order: PROJECT_LIST_ORDER,
    descending: true,
    matchesFirst,
    details: (page) => selectProjectRecords(db, page),
  });
}

/** The project as the actor may read it: 403 for advisors, 404 when missing or of another organization. */
export async function readProject(db: Database, actor: Actor, projectId: string): Promise<ProjectRecord> {
  requireProjectWork(actor);
  const record = await findProjectRecord(db, projectId, readableProjects(actorReader(actor)));
  if (!record) throw notFound(UI_TEXT.projectNotFound);
  return record;
}

/** The project row the actor may read (its read rule, else 404) and change (403). */
async function changeableProject(db: Database, actor: Actor, projectId: string) {
  requireProjectWork(actor);
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), readableProjects(actorReader(actor))))
    .limit(1);
  if (!project) throw notFound(UI_TEXT.projectNotFound);
  if (!canChangeWorkRecord(actor, project)) throw forbidden();
  return project;
}

async function loadProject(db: Database, projectId: string): Promise<ProjectRecord> {
  const record = await findProjectRecord(db, projectId);
  if (!record) throw notFound(UI_TEXT.projectNotFound);
  return record;
}

type CreateProject = z.output<typeof createProjectBody>;

/** POST /api/projects: in the caller's organization (an admin's: the one it names), with a team of it. */
export async function createProject(db: Database, actor: Actor, body: CreateProject): Promise<ProjectRecord> {
  requireProjectWork(actor);
  const organizationId = await organizationToCreateIn(db, actor, body.organizationId, 'canManageProjects');
  await requireTeamIn(db, organizationId, body.team);
  const [created] = await db
    .insert(projects)
    .values({
      organizationId,
      ...newWorkRecord(body, actor),
      status: body.status,
      startDate: body.startDate ?? null,
      tags: body.tags ?? [],
      teamId: body.team ?? null,
    })
    .returning({ id: projects.id });
  if (!created) throw new Error('insert returned no row');
  return loadProject(db, created.id);
}

type UpdateProject = z.output<typeof updateProjectBody>;

/** PUT /api/projects/{id}: fields left out stay; a new due date is checked against the stored start date too. */
export async function updateProject(
  db: Database,
  actor: Actor,
  projectId: string,
  body: UpdateProject,
): Promise<ProjectRecord> {
  const project = await changeableProject(db, actor, projectId);
  await requireTeamIn(db, project.organizationId, body.team);
  const startDate = body.startDate === undefined ? project.startDate : body.startDate;
  const dueDate = body.dueDate === undefined ? project.dueDate : body.dueDate;
  if (isDueBeforeStart(startDate, dueDate)) throw badRequest(UI_TEXT.dueBeforeStart);
  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({
        ...givenChanges({
          title: body.title,
          description: body.description,
          status: body.status,
          priority: body.priority,
          startDate: body.startDate,
          dueDate: body.dueDate,
          tags: body.tags,
          teamId: body.team,
        }),
        updatedAt: new Date(),
      })
      .where(eq(projects.id, project.id));
    if (body.status !== undefined && body.status !== project.status) {
      await publish(db, tx, {
        type: 'project.status_changed',
        organizationId: project.organizationId,
        actorId: actor.id,
        payload: { projectId: project.id, title: body.title ?? project.title, from: project.status, to: body.status },
      });
    }
  });
  return loadProject(db, project.id);
}

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

/**
 * DELETE /api/projects/{id}: its objectives, tasks, comments and history go with it (foreign-key
 * cascades), and the files attached to its objectives and tasks in the same transaction. Returns
 * the storage keys whose bytes the caller removes after the commit.
 */
export async function deleteProject(db: Database, actor: Actor, projectId: string): Promise<string[]> {
  const project = await changeableProject(db, actor, projectId);
  return db.transaction(async (tx) => {
    const [objectiveRows, taskRows] = await Promise.all([
      tx.select({ id: objectives.id }).from(objectives).where(eq(objectives.projectId, project.id)),
      tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.projectId, project.id)),
    ]);
    await requireNoLockedTime(tx, sql`e.task_id in (select id from tasks where project_id = ${project.id})`);
    const keys = [
      ...(await detachFilesOf(tx, 'objective', idsOf(objectiveRows))),
      ...(await detachFilesOf(tx, 'task', idsOf(taskRows))),
    ];
    await tx.delete(projects).where(eq(projects.id, project.id));
    return keys;
  });
}

/**
 * GET /api/projects/stats: projects by status and by priority in the caller's scope (its
 * organization; an admin's: every one, or the one it names). One grouped query.
 */
export async function projectStats(db: Database, actor: Actor, organizationId?: string): Promise<ProjectStats> {
  requireProjectWork(actor);
  const scope = await organizationScope(db, actor, organizationId);
  if (scope.kind === 'one' && !canWorkOnProjectsIn(actor, scope.organizationId)) throw forbidden();
  const rows = await db
    .select({ status: projects.status, priority: projects.priority, total: count() })
    .from(projects)
    .where(inScope(scope, projects.organizationId))
    .groupBy(projects.status, projects.priority);
  const of = (key: 'status' | 'priority') => rows.map((row) => ({ value: row[key], total: row.total }));
  return {
    total: rows.reduce((sum, row) => sum + row.total, 0),
    byStatus: countsByValue(PROJECT_STATUSES, of('status')),
    byPriority: countsByValue(WORK_PRIORITIES, of('priority')),
  };
}

/** Used by live rooms: the project's organization when the actor reads the project (its read rule), else null. */
export async function readableProjectOrganization(db: Database, actor: Actor, projectId: string) {
  const [row] = await db
    .select({ organizationId: projects.organizationId })
    .from(projects)
    .where(and(eq(projects.id, projectId), readableProjects(actorReader(actor))))
    .limit(1);
  return row?.organizationId ?? null;
}
