import {
  isPopularDepartment,
  isPopularTemplate,
  TEMPLATE_PREVIEW_EXTENSIONS,
  type Template,
  type TemplateDepartment,
  type TemplateDepartmentColor,
  type TemplateFile,
  type TemplateFileExtension,
} from '@smart/contracts';
import type { TemplateDepartmentRow, TemplateRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/tenancy.js';
import { summaryOrNull, type UserSummaryRow } from '../people/index.js';
import { canChangeTemplate, canManageTemplateDepartments } from './policy.js';

/** A department row with its template count (counted in SQL). */
export interface TemplateDepartmentRecord extends TemplateDepartmentRow {
  templateCount: number;
}

/** One of a template's files, in order. */
export interface TemplateFileRecord {
  id: string;
  key: string;
  originalName: string;
  contentType: string;
  size: number;
  extension: TemplateFileExtension;
}

/** A template row with its department's name, creator and files (in order), as every template query reads it. */
export interface TemplateRecord {
  template: TemplateRow;
  departmentName: string;
  createdBy: UserSummaryRow | null;
  files: TemplateFileRecord[];
}

/** Row → the API's template department (contracts' schema), with what the caller may do with it. */
export function presentTemplateDepartment(record: TemplateDepartmentRecord, actor: Actor): TemplateDepartment {
  const manages = canManageTemplateDepartments(actor);
  return {
    id: record.id,
    _id: record.id,
    name: record.name,
    description: record.description,
    templateCount: record.templateCount,
    isPopular: isPopularDepartment(record.templateCount),
    settings: { isActive: record.isActive, color: record.color as TemplateDepartmentColor, icon: record.icon },
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    permissions: { canEdit: manages, canDelete: manages && record.templateCount === 0 },
  };
}

/** The template's primary file: the one it names, else its first. */
export function primaryFileOf(record: Pick<TemplateRecord, 'template' | 'files'>): TemplateFileRecord | undefined {
  return record.files.find((file) => file.id === record.template.primaryFileId) ?? record.files[0];
}

function presentTemplateFile(file: TemplateFileRecord, index: number, primary: TemplateFileRecord | undefined) {
  return {
    id: file.id,
    index,
    originalName: file.originalName,
    extension: file.extension,
    mimeType: file.contentType,
    size: file.size,
    isPrimary: file === primary,
    canPreview: TEMPLATE_PREVIEW_EXTENSIONS.includes(file.extension),
  } satisfies TemplateFile;
}

/** Row → the API's template (contracts' schema), with what the caller may do with it. */
export function presentTemplate(record: TemplateRecord, actor: Actor): Template {
  const { template } = record;
  const primary = primaryFileOf(record);
  const files = record.files.map((file, index) => presentTemplateFile(file, index, primary));
  const canChange = canChangeTemplate(actor, template);
  return {
    id: template.id,
    _id: template.id,
    name: template.name,
    description: template.description,
    departmentId: template.departmentId,
    departmentName: record.departmentName,
    category: template.category,
    tags: template.tags,
    files,
    fileTypes: files.map(({ extension, mimeType, size, isPrimary }) => ({ extension, mimeType, size, isPrimary })),
    downloadCount: template.downloadCount,
    isPopular: isPopularTemplate(template.downloadCount),
    createdBy: summaryOrNull(record.createdBy),
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
    permissions: { canEdit: canChange, canDelete: canChange },
  };
}
