import { TEMPLATE_FILE_TYPES, type TemplateFile } from '@smart/contracts';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** '1 template', '12 templates'. */
export const templateCountText = (count: number) => plural(count, 'template', 'templates');

/** '1 download', '1,204 downloads'. */
export const downloadCountText = (count: number) => plural(count, 'download', 'downloads');

/** A file's type as its badge says it: PDF, DOC, DOCX. */
export const fileTypeLabel = (file: Pick<TemplateFile, 'extension'>) =>
  TEMPLATE_FILE_TYPES.find((type) => type.extension === file.extension)?.label ?? file.extension.toUpperCase();

/** The distinct types among a template's files, in their order ('PDF', 'DOCX'). */
export const fileTypeLabels = (files: readonly Pick<TemplateFile, 'extension'>[]) => [
  ...new Set(files.map(fileTypeLabel)),
];
