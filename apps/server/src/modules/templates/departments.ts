import {
  type createTemplateDepartmentBody,
  POPULAR_DEPARTMENT_MIN_TEMPLATES,
  type templateDepartmentListQuery,
  UI_TEXT,
  type updateTemplateDepartmentBody,
} from '@smart/contracts';
import { and, asc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { templateDepartments, templates } from '../../db/schema/index.js';
import { badRequest, conflict, conflictOnDuplicate, isForeignKeyViolation, notFound } from '../../lib/errors.js';
import { containsPattern, qualified } from '../../lib/sql.js';
import type { Actor } from '../../lib/tenancy.js';
import { requireTemplateDepartmentManager, requireTemplateReader, seesInactiveTemplateDepartments } from './policy.js';
import type { TemplateDepartmentRecord } from './presenter.js';

/**
 * Template departments: platform-wide, listed by
 * name with their template counts computed in SQL; admins create, edit, deactivate and delete them.
 */

/** The outer department's templates, counted through the department_id index. */
const templateCount = sql<number>`(
  select count(*) from ${templates} where ${templates.departmentId} = ${qualified(templateDepartments.id)}
)`.mapWith(Number);

const selectDepartments = (db: Database) =>
  db.select({ ...getTableColumns(templateDepartments), templateCount }).from(templateDepartments);

/** Departments the actor sees: active ones, and inactive ones too for admins. */
export const visibleDepartments = (actor: Actor): SQL | undefined =>
  seesInactiveTemplateDepartments(actor) ? undefined : eq(templateDepartments.isActive, true);

/** GET /api/templates/departments: by name; search over name and description; popular: more than 5 templates. */
export async function listTemplateDepartments(
  db: Database,
  actor: Actor,
  query: z.output<typeof templateDepartmentListQuery>,
): Promise<TemplateDepartmentRecord[]> {
  requireTemplateReader(actor);
  const pattern = query.search && containsPattern(query.search);
  return selectDepartments(db)
    .where(
      and(
        query.includeInactive ? visibleDepartments(actor) : eq(templateDepartments.isActive, true),
        pattern
          ? or(ilike(templateDepartments.name, pattern), ilike(templateDepartments.description, pattern))
          : undefined,
        query.popular ? sql`${templateCount} > ${POPULAR_DEPARTMENT_MIN_TEMPLATES}` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${templateDepartments.name})`), asc(templateDepartments.id));
}

/** A department the actor sees, or 404 'Department not found'. */
export async function readTemplateDepartment(
  db: Database,
  actor: Actor,
  id: string,
): Promise<TemplateDepartmentRecord> {
  requireTemplateReader(actor);
  const [row] = await selectDepartments(db)
    .where(and(eq(templateDepartments.id, id), visibleDepartments(actor)))
    .limit(1);
  if (!row) throw notFound(UI_TEXT.departmentNotFound);
  return row;
}

type CreateBody = z.output<typeof createTemplateDepartmentBody>;
type UpdateBody = z.output<typeof updateTemplateDepartmentBody>;

export async function createTemplateDepartment(
  db: Database,
  actor: Actor,
  body: CreateBody,
): Promise<TemplateDepartmentRecord> {
  requireTemplateDepartmentManager(actor);
  const [row] = await conflictOnDuplicate(
    db
      .insert(templateDepartments)
      .values({ name: body.name, description: body.description, ...body.settings })
      .returning({ id: templateDepartments.id }),
    UI_TEXT.templateDepartmentNameTaken,
  );
  if (!row) throw new Error('The department was not stored');
  return readTemplateDepartment(db, actor, row.id);
}

/** PUT /api/templates/departments/{id}: any field; settings.isActive false deactivates it (and hides its templates). */
export async function updateTemplateDepartment(
  db: Database,
  actor: Actor,
  id: string,
  body: UpdateBody,
): Promise<TemplateDepartmentRecord> {
  requireTemplateDepartmentManager(actor);
  const changes = { name: body.name, description: body.description, ...body.settings };
  const updated = await conflictOnDuplicate(
    db
      .update(templateDepartments)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(templateDepartments.id, id))
      .returning({ id: templateDepartments.id }),
    UI_TEXT.templateDepartmentNameTaken,
  );
  if (updated.length === 0) throw notFound(UI_TEXT.departmentNotFound);
  return readTemplateDepartment(db, actor, id);
}

/** DELETE /api/templates/departments/{id}: only an empty one (409 otherwise: deactivate it instead). */
export async function deleteTemplateDepartment(db: Database, actor: Actor, id: string): Promise<void> {
  requireTemplateDepartmentManager(actor);
  try {
    const deleted = await db
      .delete(templateDepartments)
      .where(eq(templateDepartments.id, id))
      .returning({ id: templateDepartments.id });
    if (deleted.length === 0) throw notFound(UI_TEXT.departmentNotFound);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(UI_TEXT.templateDepartmentHasTemplates);
    throw error;
  }
}

/** A department a template may be filed under: one that exists and is active (else 400). */
export async function requireActiveDepartment(db: Database, id: string): Promise<void> {
  const [row] = await db
    .select({ isActive: templateDepartments.isActive })
    .from(templateDepartments)
    .where(eq(templateDepartments.id, id))
    .limit(1);
  if (!row) throw badRequest(UI_TEXT.templateDepartmentRequired);
  if (!row.isActive) throw badRequest(UI_TEXT.templateDepartmentInactive);
}
