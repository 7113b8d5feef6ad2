import { type Template, type TemplateFile, UI_TEXT } from '@smart/contracts';
import { type PickedFiles, pickedFiles, primaryFirst } from './picked-files';
import { parseTags, tagsText } from './tags';

/** A file of the form: one the template already has, or one chosen now (`key` tells two equal choices apart). */
export type FormFile = { kind: 'kept'; file: TemplateFile } | { kind: 'new'; file: File; key: string };

/** The list key of a form file. */
export const formFileKey = (item: FormFile) => (item.kind === 'kept' ? item.file.id : item.key);

/** The text fields of Create Template and Edit Template; tags as typed, comma-separated. */
export interface TemplateFormValues {
  name: string;
  description: string;
  departmentId: string | null;
  category: string;
  tags: string;
}

/** POST /api/templates: the fields, then the files with the primary first. */
export interface TemplateDraft {
  name: string;
  description: string;
  departmentId: string;
  category: string;
  tags: string[];
  files: File[];
}

/** PUT /api/templates/{id}: the fields, the files removed, the primary's position after the change, the files added. */
export interface TemplateEdit {
  templateId: string;
  name: string;
  description: string;
  departmentId: string;
  category: string;
  tags: string[];
  removeFileIds: string[];
  primaryFileIndex: number;
  newFiles: File[];
}

export const emptyTemplateForm = (departmentId: string | null): TemplateFormValues => ({
  name: '',
  description: '',
  departmentId,
  category: '',
  tags: '',
});

export const formFromTemplate = (template: Template): TemplateFormValues => ({
  name: template.name,
  description: template.description,
  departmentId: template.departmentId,
  category: template.category,
  tags: tagsText(template.tags),
});

/** A template's files as the form starts them: in order, its primary marked. */
export function formFilesOf(template: Template): PickedFiles<FormFile> {
  const primary = Math.max(
    template.files.findIndex((file) => file.isPrimary),
    0,
  );
  return pickedFiles(
    template.files.map((file): FormFile => ({ kind: 'kept', file })),
    primary,
  );
}

/** Why the form cannot be sent yet (one message for the three required things), or null. */
export function templateFormRefusal(values: TemplateFormValues, fileCount: number): string | null {
  if (!values.name.trim() || !values.category.trim() || fileCount === 0) return UI_TEXT.templateFieldsRequired;
  if (!values.departmentId) return UI_TEXT.templateDepartmentRequired;
  return null;
}

const fieldsOf = (values: TemplateFormValues) => ({
  name: values.name.trim(),
  description: values.description.trim(),
  departmentId: values.departmentId ?? '',
  category: values.category.trim(),
  tags: parseTags(values.tags),
});

const newFilesOf = (items: readonly FormFile[]) => items.flatMap((item) => (item.kind === 'new' ? [item.file] : []));

export const draftFrom = (values: TemplateFormValues, files: PickedFiles<FormFile>): TemplateDraft => ({
  ...fieldsOf(values),
  files: newFilesOf(primaryFirst(files)),
});

/**
 * The edit of a template: kept files stay in their order and added ones follow them (as the server
 * stores them), so the primary's position in the form's list is its position after the save.
 */
export function editFrom(template: Template, values: TemplateFormValues, files: PickedFiles<FormFile>): TemplateEdit {
  const keptIds = new Set(files.items.flatMap((item) => (item.kind === 'kept' ? [item.file.id] : [])));
  return {
    templateId: template.id,
    ...fieldsOf(values),
    removeFileIds: template.files.filter((file) => !keptIds.has(file.id)).map((file) => file.id),
    primaryFileIndex: files.primary,
    newFiles: newFilesOf(files.items),
  };
}
