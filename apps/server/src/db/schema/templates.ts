import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, personColumn, timestamps } from './columns.js';
import { files } from './files.js';

/**
 * The template library. Template departments and templates
 * are platform-wide: no organization. A template's documents are rows of `files` with record_type
 * 'template' and record_id the template (so GET /api/files/download/{key} follows the template's
 * read rule), ordered by files.position; the template names its primary one.
 */
export const templateDepartments = pgTable(
  'template_departments',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Inactive departments, and their templates, are shown to admins only. */
    isActive: boolean('is_active').notNull().default(true),
    /** A Mantine palette name (TEMPLATE_DEPARTMENT_COLORS). */
    color: text('color').notNull().default('blue'),
    /** One of the 19 named icons or a single emoji. */
    icon: text('icon').notNull().default('HiUserGroup'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('template_departments_name_unique').on(sql`lower(${table.name})`)],
);

/**
 * What a template search looks in: name, description and tags. The SQL function (migration
 * 0015_templates) is IMMUTABLE so a trigram index can cover it; queries must use this expression.
 */
export function templateSearchText(table: { name: AnyPgColumn; description: AnyPgColumn; tags: AnyPgColumn }): SQL {
  return sql`template_search_text(${table.name}, ${table.description}, ${table.tags})`;
}

export const templates = pgTable(
  'templates',
  {
    id: id(),
    /** A department with templates cannot be deleted (the key's check fails: 23503), only deactivated. */
    departmentId: uuid('department_id')
      .notNull()
      .references(() => templateDepartments.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    tags: text('tags').array().notNull().default([]),
    /** Raised by one `download_count + 1` UPDATE per download, so parallel downloads all count. */
    downloadCount: integer('download_count').notNull().default(0),
    /** One of its files; when that file is removed the service names the next one. */
    primaryFileId: uuid('primary_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    createdBy: personColumn('created_by'),
    ...timestamps(),
  },
  (table) => [
    // A department's page, recently updated or most downloaded first, and the library-wide lists.
    index('templates_department_updated_idx').on(table.departmentId, table.updatedAt, table.id),
    index('templates_department_downloads_idx').on(table.departmentId, table.downloadCount, table.id),
    index('templates_updated_idx').on(table.updatedAt, table.id),
    index('templates_downloads_idx').on(table.downloadCount, table.id),
    index('templates_search_idx').using('gin', sql`(${templateSearchText(table)}) gin_trgm_ops`),
    check('templates_download_count_check', sql`${table.downloadCount} >= 0`),
  ],
);

export type TemplateDepartmentRow = typeof templateDepartments.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;
