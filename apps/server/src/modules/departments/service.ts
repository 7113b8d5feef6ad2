import type { createDepartmentBody, Department, PageQuery, updateDepartmentBody } from '@smart/contracts';
import { UI_TEXT } from '@smart/contracts';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { departments, organizations, teams, users } from '../../db/schema/index.js';
import { givenChanges } from '../../lib/changes.js';
import { conflictOnDuplicate, forbidden, notFound } from '../../lib/errors.js';
import { countRows, orderFor, type Page, paginate } from '../../lib/paging.js';
import { prepared } from '../../lib/prepared.js';
import { qualified } from '../../lib/sql.js';
import { type Actor, organizationScope, organizationToCreateIn, visibleOr404 } from '../../lib/tenancy.js';
import type { FileStorage } from '../../storage/index.js';
import { changePicture, lockedPicture } from '../files/index.js';
import { userSummaryOf } from '../people/index.js';
import { departmentPermissions } from './policy.js';
import type { DepartmentRecord } from './presenter.js';

export async function findDepartment(db: Database, id: string) {
  const [row] = await db.select().from(departments).where(eq(departments.id, id)).limit(1);
  return row ?? null;
}

export async function findDepartmentByName(db: Database, organizationId: string, name: string) {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.organizationId, organizationId), sql`lower(${departments.name}) = lower(${name.trim()})`))
    .limit(1);
  return row ?? null;
}

const manager = alias(users, 'manager');

/** The outer query's department's team count and active member count, each read from an index. */
const teamCount =
  sql<number>`(select count(*) from ${teams} where ${teams.departmentId} = ${qualified(departments.id)})`.mapWith(
    Number,
  );
const memberCount = sql<number>`(
  select count(*) from ${users} where ${users.departmentId} = ${qualified(departments.id)} and ${users.isActive}
)`.mapWith(Number);

/** Departments with organization name, manager and counts; the counts run for the selected rows only. */
function selectDepartmentRecords(db: Database) {
  return db
    .select({
      ...getTableColumns(departments),
      organizationName: organizations.name,
      manager: userSummaryOf(manager),
      teamCount,
      memberCount,
    })
    .from(departments)
    .innerJoin(organizations, eq(organizations.id, departments.organizationId))
    .leftJoin(manager, and(eq(manager.id, departments.managerId), eq(manager.isActive, true)));
}

const departmentOrder = [departments.name, organizations.name, departments.id];

/**
 * One page of departments. The page is chosen first, on departments and organization names alone;
 * the manager and the counts are then joined for its rows only, so a page costs the same whatever
 * the other organizations hold.
 */
export async function listDepartmentsVisibleTo(
  db: Database,
  actor: Actor,
  query: PageQuery & { organizationId?: string | undefined },
): Promise<Page<DepartmentRecord>> {
  const scope = await organizationScope(db, actor, query.organizationId);
  return paginate(query, {
    count: () => countRows(db, 'departments', scope),
    rows: async ({ reverse, limit, offset }) =>
      (await (scope.kind === 'all'
        ? departmentPageStatement(db, 'all', reverse).execute({ limit, offset })
        : departmentPageStatement(db, 'organization', reverse).execute({
            limit,
            offset,
            // No organization (an actor without one) matches no department.
            organizationId: scope.kind === 'one' ? scope.organizationId : null,
          }))) as DepartmentRecord[],
  });
}

/**
 * The list query, prepared once per scope (one organization's departments, or every
 * organization's) and direction (a page past the middle is read from the end).
 */
const departmentPageStatement = (db: Database, scope: 'organization' | 'all', reverse: boolean) =>
  prepared(db, `department_page_${scope}${reverse ? '_reverse' : ''}`, (database, name) => {
    const order = orderFor({ reverse }, departmentOrder);
    const page = database
      .select({ id: departments.id })
      .from(departments)
      .innerJoin(organizations, eq(organizations.id, departments.organizationId))
      .where(scope === 'all' ? sql`true` : eq(departments.organizationId, sql.placeholder('organizationId')))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return selectDepartmentRecords(database)
      .innerJoin(page, eq(page.id, departments.id))
      .orderBy(...order)
      .prepare(name);
  });

/** The department if the actor may read it; 404 otherwise. */
export async function getDepartmentFor(db: Database, actor: Actor, id: string): Promise<DepartmentRecord> {
  const [row] = await selectDepartmentRecords(db).where(eq(departments.id, id)).limit(1);
  return visibleOr404(actor, row as DepartmentRecord | undefined, UI_TEXT.departmentNotFound);
}

/**
 * The department if the actor may change it (`can`: canEdit or canDelete): 404 when it cannot even
 * read it, 403 when it can only read it.
 */
async function departmentToManage(
  db: Database,
  actor: Actor,
  id: string,
  can: keyof Department['permissions'] = 'canEdit',
) {
  const department = await getDepartmentFor(db, actor, id);
  if (!departmentPermissions(actor, department)[can]) throw forbidden();
  return department;
}

/** A manager must be an active member of the department's organization. */
async function checkManager(db: Database, organizationId: string, managerId: string | null | undefined) {
  if (!managerId) return;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, managerId), eq(users.organizationId, organizationId), eq(users.isActive, true)))
    .limit(1);
  if (!row) throw notFound(UI_TEXT.userNotFound);
}

export async function createDepartment(
  db: Database,
  actor: Actor,
  input: z.output<typeof createDepartmentBody>,
): Promise<DepartmentRecord> {
  const organizationId = await organizationToCreateIn(db, actor, input.organizationId, 'canManageDepartments');
  await checkManager(db, organizationId, input.manager);
  const [created] = await conflictOnDuplicate(
    db
      .insert(departments)
      .values({
        organizationId,
        name: input.name,
        description: input.description ?? null,
        managerId: input.manager ?? null,
        ...(input.settings?.icon && { icon: input.settings.icon }),
      })
      .returning({ id: departments.id }),
    UI_TEXT.departmentNameTaken,
  );
  if (!created) throw new Error('insert returned no row');
  return getDepartmentFor(db, actor, created.id);
}

export async function updateDepartment(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
  input: z.output<typeof updateDepartmentBody>,
): Promise<DepartmentRecord> {
  const department = await departmentToManage(db, actor, id);
  // Re-sending the current manager (even a since-deactivated one) is not a change to check.
  if (input.manager !== department.managerId) await checkManager(db, department.organizationId, input.manager);
  const changes = givenChanges({
    name: input.name,
    description: input.description,
    managerId: input.manager,
    icon: input.settings?.icon,
    imageUrl: input.imageUrl,
  });
  await changePicture(db, storage, actor.id, {
    next: input.imageUrl,
    current: lockedPicture(departments.imageUrl, departments.id, id),
    write: (tx) =>
      conflictOnDuplicate(
        tx
          .update(departments)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(departments.id, id)),
        UI_TEXT.departmentNameTaken,
      ),
  });
  return getDepartmentFor(db, actor, id);
}

/** Deletes a department and its image. Its teams and members are detached by the foreign keys (SET NULL), never deleted. */
export async function deleteDepartment(db: Database, storage: FileStorage, actor: Actor, id: string) {
  await departmentToManage(db, actor, id, 'canDelete');
  await changePicture(db, storage, actor.id, {
    next: null,
    current: lockedPicture(departments.imageUrl, departments.id, id),
    write: (tx) => tx.delete(departments).where(eq(departments.id, id)),
  });
}

/** A team of the department's organization, or 404 (another organization's team does not exist for us). */
async function teamOfOrganization(db: Database, organizationId: string, teamId: string) {
  const [team] = await db
    .select({ id: teams.id, departmentId: teams.departmentId })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)))
    .limit(1);
  if (!team) throw notFound(UI_TEXT.teamNotFound);
  return team;
}

/** Attaches an existing team of the same organization to the department (it leaves any other). */
export async function attachTeam(db: Database, actor: Actor, id: string, teamId: string) {
  const department = await departmentToManage(db, actor, id);
  await teamOfOrganization(db, department.organizationId, teamId);
  await db.update(teams).set({ departmentId: id, updatedAt: new Date() }).where(eq(teams.id, teamId));
  return getDepartmentFor(db, actor, id);
}

/** Detaches a team from the department; the team itself stays. */
export async function detachTeam(db: Database, actor: Actor, id: string, teamId: string) {
  const department = await departmentToManage(db, actor, id);
  const team = await teamOfOrganization(db, department.organizationId, teamId);
  if (team.departmentId !== id) throw notFound(UI_TEXT.teamNotFound);
  await db.update(teams).set({ departmentId: null, updatedAt: new Date() }).where(eq(teams.id, teamId));
  return getDepartmentFor(db, actor, id);
}
