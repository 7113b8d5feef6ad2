import {
  POPULAR_TEMPLATE_MIN_DOWNLOADS,
  TEMPLATE_FILE_TYPES,
  type TemplateFileExtension,
  type templateListQuery,
  UI_TEXT,
} from '@smart/contracts';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { files, templateDepartments, templateSearchText, templates, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { type Page, type PageJoin, paginateByIds } from '../../lib/paging.js';
import { actorReader, readableTemplates } from '../../lib/read-rules/index.js';
import { trigramSearch } from '../../lib/search.js';
import type { Actor } from '../../lib/tenancy.js';
import { userSummaryOf } from '../people/index.js';
import { requireTemplateReader } from './policy.js';
import type { TemplateFileRecord, TemplateRecord } from './presenter.js';

/**
 * Reading the template library: the list with
 * its search, filters, orders and paging in SQL, and one template with its files in order.
 */

/** Templates the actor sees: those of active departments, and every one for admins (lib/read-rules readableTemplates). */
export const visibleTemplates = (actor: Actor): SQL => readableTemplates(actorReader(actor));

function selectTemplateRows(db: Database, page?: PageJoin) {
  const query = db
    .select({ template: templates, departmentName: templateDepartments.name, createdBy: userSummaryOf(users) })
    .from(templates)
    .$dynamic();
  return (page ? query.innerJoin(page.ids, page.on) : query)
    .innerJoin(templateDepartments, eq(templateDepartments.id, templates.departmentId))
    .leftJoin(users, eq(users.id, templates.createdBy));
}

const extensionOf = (contentType: string): TemplateFileExtension =>
  TEMPLATE_FILE_TYPES.find((type) => type.mimeType === contentType)?.extension ?? 'pdf';

/** The files of these templates in order (position, then upload), in one query: template id → its files. */
export async function listTemplateFiles(
  db: Database,
  templateIds: readonly string[],
): Promise<Map<string, TemplateFileRecord[]>> {
  const byTemplate = new Map<string, TemplateFileRecord[]>(templateIds.map((id) => [id, []]));
  if (templateIds.length === 0) return byTemplate;
  const rows = await db
    .select({
      id: files.id,
      key: files.key,
      originalName: files.originalName,
      contentType: files.contentType,
      size: files.size,
      recordId: files.recordId,
    })
    .from(files)
    .where(and(eq(files.recordType, 'template'), inArray(files.recordId, [...templateIds])))
    .orderBy(asc(files.position), asc(files.createdAt), asc(files.id));
  for (const { recordId, ...file } of rows) {
    if (recordId) byTemplate.get(recordId)?.push({ ...file, extension: extensionOf(file.contentType) });
  }
  return byTemplate;
}

/** Rows → records with their files (one more query for all of them). */
async function withFiles(
  db: Database,
  rows: Awaited<ReturnType<typeof selectTemplateRows>>,
): Promise<TemplateRecord[]> {
  const filesOf = await listTemplateFiles(
    db,
    rows.map((row) => row.template.id),
  );
  return rows.map((row) => ({ ...row, files: filesOf.get(row.template.id) ?? [] }));
}

const LIST_ORDERS = {
  updated: { order: [templates.updatedAt, templates.id], descending: true },
  downloads: { order: [templates.downloadCount, templates.id], descending: true },
  name: { order: [templates.name, templates.id], descending: false },
};

/**
 * GET /api/templates: the templates the actor sees, filtered (search over name, description and
 * tags through the trigram index; department; category, case-insensitively; popular: more than 100
 * downloads), ordered and paged in SQL.
 */
export async function listTemplates(
  db: Database,
  actor: Actor,
  query: z.output<typeof templateListQuery>,
): Promise<Page<TemplateRecord>> {
  requireTemplateReader(actor);
  const search = trigramSearch(templateSearchText(templates), query.search);
  const where = and(
    visibleTemplates(actor),
    query.departmentId ? eq(templates.departmentId, query.departmentId) : undefined,
    query.category ? sql`lower(${templates.category}) = lower(${query.category})` : undefined,
    query.popular ? gt(templates.downloadCount, POPULAR_TEMPLATE_MIN_DOWNLOADS) : undefined,
    search.condition,
  );
  const page = await paginateByIds(db, query, {
    table: templates,
    where,
    ...LIST_ORDERS[query.sort],
    matchesFirst: search.matchesFirst,
    details: (join) => selectTemplateRows(db, join),
  });
  return { ...page, items: await withFiles(db, page.items) };
}

/** One template the actor sees, with its files, or 404 'Template not found'. */
export async function readTemplate(db: Database, actor: Actor, id: string): Promise<TemplateRecord> {
  requireTemplateReader(actor);
  const rows = await selectTemplateRows(db)
    .where(and(eq(templates.id, id), visibleTemplates(actor)))
    .limit(1);
  const [record] = await withFiles(db, rows);
  if (!record) throw notFound(UI_TEXT.templateNotFound);
  return record;
}
