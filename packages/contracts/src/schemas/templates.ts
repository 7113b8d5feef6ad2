import { z } from 'zod';
import { isDepartmentIcon } from '../departments.js';
import { MAX_ICON_LENGTH, MAX_SEARCH_LENGTH } from '../limits.js';
import {
  DEFAULT_TEMPLATE_DEPARTMENT_COLOR,
  DEFAULT_TEMPLATE_DEPARTMENT_ICON,
  DEFAULT_TEMPLATE_SORT,
  MAX_TEMPLATE_CATEGORY_LENGTH,
  MAX_TEMPLATE_DEPARTMENT_DESCRIPTION_LENGTH,
  MAX_TEMPLATE_DEPARTMENT_NAME_LENGTH,
  MAX_TEMPLATE_DESCRIPTION_LENGTH,
  MAX_TEMPLATE_FILES,
  MAX_TEMPLATE_NAME_LENGTH,
  TEMPLATE_DEPARTMENT_COLORS,
  TEMPLATE_FILE_EXTENSIONS,
  TEMPLATE_MAX_PAGE_SIZE,
  TEMPLATE_PAGE_SIZE,
  TEMPLATE_SORTS,
} from '../templates.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString, idSchema, permissionsSchema, recordIds, requiredLine } from './common.js';
import { userSummarySchema } from './structure.js';
import { tagsField } from './work.js';

/**
 * The template library. Departments and templates
 * are platform-wide; rows carry the caller's `permissions` from the server's template policy.
 */

// ---- records --------------------------------------------------------------------------------

export const templateDepartmentSettingsSchema = z.object({
  /** Inactive departments are hidden from everyone but admins (and their templates with them). */
  isActive: z.boolean(),
  color: z.enum(TEMPLATE_DEPARTMENT_COLORS),
  /** One of the 19 named icons (DEPARTMENT_ICONS) or a single emoji. */
  icon: z.string(),
});

export const templateDepartmentSchema = z.object({
  ...recordIds,
  name: z.string(),
  description: z.string(),
  /** Templates filed under it, counted in SQL. */
  templateCount: z.number().int(),
  /** templateCount above 5. */
  isPopular: z.boolean(),
  settings: templateDepartmentSettingsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Admins only: canEdit (name, description, settings, activation), canDelete (only when it has no templates). */
  permissions: permissionsSchema('canEdit', 'canDelete'),
});
export type TemplateDepartment = z.infer<typeof templateDepartmentSchema>;

/** One of a template's documents; `index` is the `fileIndex` of the download and preview calls. */
export const templateFileSchema = z.object({
  /** Stable across edits: PUT's removeFileIds names files by it. */
  id: z.string(),
  index: z.number().int(),
  originalName: z.string(),
  extension: z.enum(TEMPLATE_FILE_EXTENSIONS),
  mimeType: z.string(),
  size: z.number().int(),
  isPrimary: z.boolean(),
  /** Only PDFs are previewed in the page. */
  canPreview: z.boolean(),
});
export type TemplateFile = z.infer<typeof templateFileSchema>;

/** A `fileTypes` entry: a file's extension, type, size and whether it is the primary one. */
export const templateFileTypeSchema = templateFileSchema.pick({
  extension: true,
  mimeType: true,
  size: true,
  isPrimary: true,
});

export const templateSchema = z.object({
  ...recordIds,
  name: z.string(),
  description: z.string(),
  departmentId: z.string(),
  departmentName: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** In order; exactly one is primary (the first unless another was chosen). */
  files: z.array(templateFileSchema),
  fileTypes: z.array(templateFileTypeSchema),
  downloadCount: z.number().int(),
  /** downloadCount above 100: the Popular and Most Downloaded chips. */
  isPopular: z.boolean(),
  createdBy: userSummarySchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** canEdit and canDelete: an admin any template, an advisor its own. */
  permissions: permissionsSchema('canEdit', 'canDelete'),
});
export type Template = z.infer<typeof templateSchema>;

/** POST /api/templates/{id}/download: a signed link served as an attachment, and the file's name. */
export const templateDownloadSchema = z.object({ downloadUrl: z.string(), fileName: z.string() });
export type TemplateDownload = z.infer<typeof templateDownloadSchema>;
/** POST /api/templates/{id}/preview: a signed link served inline (PDF only). */
export const templatePreviewSchema = z.object({ previewUrl: z.string(), fileName: z.string() });
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

// ---- queries --------------------------------------------------------------------------------

/** Query values arrive as text: 'true' and '1' mean yes. */
const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

const searchText = boundedString(MAX_SEARCH_LENGTH)
  .trim()
  .transform((text) => text || undefined)
  .optional();

/**
 * GET /api/templates: search (name, description, tags, through the database's text search), a
 * department, a category, popular (downloadCount above 100), sort, paging.
 */
export const templateListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(TEMPLATE_MAX_PAGE_SIZE).default(TEMPLATE_PAGE_SIZE),
  search: searchText,
  departmentId: idSchema.optional(),
  category: boundedString(MAX_TEMPLATE_CATEGORY_LENGTH).trim().optional(),
  popular: queryFlag,
  sort: z.enum(TEMPLATE_SORTS).default(DEFAULT_TEMPLATE_SORT),
});
export type TemplateListQuery = z.input<typeof templateListQuery>;

/**
 * GET /api/templates/departments: every active department by name, each with its count; search
 * filters by name and description; `popular` keeps those with more than 5 templates. Admins also
 * see inactive ones with includeInactive=true.
 */
export const templateDepartmentListQuery = z.object({
  search: searchText,
  popular: queryFlag,
  includeInactive: queryFlag,
});
export type TemplateDepartmentListQuery = z.input<typeof templateDepartmentListQuery>;

/** The file of the download and preview calls: its `index`; without it the primary (preview: the first PDF). */
export const templateFileQuery = z.object({
  fileIndex: z.coerce.number().int().min(0).max(MAX_TEMPLATE_FILES).optional(),
});

// ---- template department bodies (admin only) -------------------------------------------------

const departmentName = requiredLine(UI_TEXT.departmentNameRequired, MAX_TEMPLATE_DEPARTMENT_NAME_LENGTH);
const departmentDescription = boundedString(MAX_TEMPLATE_DEPARTMENT_DESCRIPTION_LENGTH).trim();
const departmentColor = z.enum(TEMPLATE_DEPARTMENT_COLORS, { error: UI_TEXT.templateDepartmentColorInvalid });
const departmentIcon = boundedString(MAX_ICON_LENGTH).trim().refine(isDepartmentIcon, UI_TEXT.departmentIconInvalid);

/** POST /api/templates/departments. */
export const createTemplateDepartmentBody = z.object({
  name: departmentName,
  description: departmentDescription.default(''),
  settings: z
    .object({
      isActive: z.boolean().default(true),
      color: departmentColor.default(DEFAULT_TEMPLATE_DEPARTMENT_COLOR),
      icon: departmentIcon.default(DEFAULT_TEMPLATE_DEPARTMENT_ICON),
    })
    .default({ isActive: true, color: DEFAULT_TEMPLATE_DEPARTMENT_COLOR, icon: DEFAULT_TEMPLATE_DEPARTMENT_ICON }),
});
/** PUT /api/templates/departments/{id}: any of the fields; settings.isActive false deactivates it. */
export const updateTemplateDepartmentBody = z.object({
  name: departmentName.optional(),
  description: departmentDescription.optional(),
  settings: z
    .object({ isActive: z.boolean().optional(), color: departmentColor.optional(), icon: departmentIcon.optional() })
    .optional(),
});
export type CreateTemplateDepartmentBody = z.input<typeof createTemplateDepartmentBody>;
export type UpdateTemplateDepartmentBody = z.input<typeof updateTemplateDepartmentBody>;

// ---- template bodies (multipart text fields) -------------------------------------------------

/** A multipart field holding a JSON value (tags, removeFileIds): bad JSON is the field's own 400. */
function jsonField<T extends z.ZodType>(schema: T, message: string) {
  return boundedString(10_000, message)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** `tags` as a client sends it: a JSON list of texts, each trimmed, duplicates and blanks dropped. */
export const templateTagsField = jsonField(tagsField, UI_TEXT.templateTagsInvalid);

const templateName = requiredLine(UI_TEXT.templateFieldsRequired, MAX_TEMPLATE_NAME_LENGTH);
const templateCategory = requiredLine(UI_TEXT.templateFieldsRequired, MAX_TEMPLATE_CATEGORY_LENGTH);
const templateDescription = boundedString(MAX_TEMPLATE_DESCRIPTION_LENGTH).trim();
const departmentIdField = z.uuid({ error: UI_TEXT.templateDepartmentRequired }).max(36);

/**
 * POST /api/templates (multipart): these text fields, then the `files` parts (PDF, DOC or DOCX, at
 * most 10 MB each, at least one, at most MAX_TEMPLATE_FILES). The first file is the primary one.
 */
export const createTemplateFields = z.object({
  name: templateName,
  description: templateDescription.default(''),
  departmentId: departmentIdField,
  category: templateCategory,
  tags: templateTagsField.default([]),
});
export type CreateTemplateFields = z.input<typeof createTemplateFields>;

/**
 * PUT /api/templates/{id}: JSON, or multipart when it adds files (these fields as text parts, then
 * `files` parts appended after the kept ones). `removeFileIds` names files by their `id`;
 * `primaryFileIndex` is a position in the list after the update (kept files in order, then the new
 * ones). Removing the primary without choosing another makes the next file primary. A template
 * keeps at least one file.
 */
export const updateTemplateFields = z.object({
  name: templateName.optional(),
  description: templateDescription.optional(),
  departmentId: departmentIdField.optional(),
  category: templateCategory.optional(),
  tags: z.union([tagsField, templateTagsField]).optional(),
  removeFileIds: z
    .union([
      z.array(idSchema).max(MAX_TEMPLATE_FILES),
      jsonField(z.array(idSchema).max(MAX_TEMPLATE_FILES), UI_TEXT.templateFileIdsInvalid),
    ])
    .optional(),
  primaryFileIndex: z.coerce
    .number({ error: UI_TEXT.templatePrimaryInvalid })
    .int({ error: UI_TEXT.templatePrimaryInvalid })
    .min(0, { error: UI_TEXT.templatePrimaryInvalid })
    .max(MAX_TEMPLATE_FILES - 1, { error: UI_TEXT.templatePrimaryInvalid })
    .optional(),
});
export type UpdateTemplateFields = z.input<typeof updateTemplateFields>;
