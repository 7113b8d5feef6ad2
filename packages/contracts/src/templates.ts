import { DEFAULT_DEPARTMENT_ICON, type DepartmentIconName } from './departments.js';
import { MAX_UPLOAD_BYTES } from './limits.js';

/**
 * The template library: platform-wide template
 * departments and the documents filed under them. Defined once; the server's checks and the web
 * app's cards, chips and Create Template form read them from here.
 */

/**
 * A template department's icon: one of the same 19 named icons as an organization's departments
 * (DEPARTMENT_ICONS: the labels Users … Business) or a single emoji; Users is the default.
 */
export const DEFAULT_TEMPLATE_DEPARTMENT_ICON: DepartmentIconName = DEFAULT_DEPARTMENT_ICON;

/** A department card's accent colour: a Mantine palette name. */
export const TEMPLATE_DEPARTMENT_COLORS = [
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'gray',
] as const;
export type TemplateDepartmentColor = (typeof TEMPLATE_DEPARTMENT_COLORS)[number];
export const DEFAULT_TEMPLATE_DEPARTMENT_COLOR: TemplateDepartmentColor = 'blue';

/** A department is Popular with more than 5 templates. */
export const POPULAR_DEPARTMENT_MIN_TEMPLATES = 5;
export const isPopularDepartment = (templateCount: number) => templateCount > POPULAR_DEPARTMENT_MIN_TEMPLATES;
/** A template is Popular, and in Most Downloaded, with more than 100 downloads. */
export const POPULAR_TEMPLATE_MIN_DOWNLOADS = 100;
export const isPopularTemplate = (downloadCount: number) => downloadCount > POPULAR_TEMPLATE_MIN_DOWNLOADS;

/**
 * The accepted document types: PDF, DOC and DOCX, checked by the sniffed content and by
 * the extension. `mimeType` is what the file is stored and served as.
 */
export const TEMPLATE_FILE_TYPES = [
  { extension: 'pdf', mimeType: 'application/pdf', label: 'PDF' },
  { extension: 'doc', mimeType: 'application/msword', label: 'DOC' },
  {
    extension: 'docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'DOCX',
  },
] as const;
export type TemplateFileExtension = (typeof TEMPLATE_FILE_TYPES)[number]['extension'];
export const TEMPLATE_FILE_EXTENSIONS = TEMPLATE_FILE_TYPES.map((type) => type.extension);
/** The file input's `accept` attribute. */
export const TEMPLATE_FILE_ACCEPT = TEMPLATE_FILE_TYPES.flatMap((type) => [`.${type.extension}`, type.mimeType]).join(
  ',',
);
/** Only PDFs are previewed in the page; Word files are downloaded. */
export const TEMPLATE_PREVIEW_EXTENSIONS: readonly TemplateFileExtension[] = ['pdf'];

/** The extension of a file name, lower-cased, when it is one of the accepted ones; else null. */
export function templateFileExtensionOf(fileName: string): TemplateFileExtension | null {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && (TEMPLATE_FILE_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as TemplateFileExtension)
    : null;
}

/** Each file at most 10 MB, at most this many files per template. */
export const MAX_TEMPLATE_FILE_BYTES = MAX_UPLOAD_BYTES;
export const MAX_TEMPLATE_FILES = 10;

/** Text limits of a template and a template department. */
export const MAX_TEMPLATE_NAME_LENGTH = 150;
export const MAX_TEMPLATE_DESCRIPTION_LENGTH = 2000;
export const MAX_TEMPLATE_CATEGORY_LENGTH = 60;
export const MAX_TEMPLATE_DEPARTMENT_NAME_LENGTH = 100;
export const MAX_TEMPLATE_DEPARTMENT_DESCRIPTION_LENGTH = 500;
/** Tags use the project tag limits (MAX_PROJECT_TAGS tags of MAX_TAG_LENGTH characters, work.ts). */

/** GET /api/templates orders: most downloaded first, recently updated first, or by name. */
export const TEMPLATE_SORTS = ['updated', 'downloads', 'name'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];
export const DEFAULT_TEMPLATE_SORT: TemplateSort = 'updated';

/** Template cards sit in a grid of 2, 3 or 4 columns: 24 fill each evenly. */
export const TEMPLATE_PAGE_SIZE = 24;
export const TEMPLATE_MAX_PAGE_SIZE = 100;
