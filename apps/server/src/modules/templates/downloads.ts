import { TEMPLATE_PREVIEW_EXTENSIONS, type TemplateDownload, type TemplatePreview, UI_TEXT } from '@smart/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { templates } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/tenancy.js';
import { signedFileUrl } from '../files/index.js';
import { primaryFileOf, type TemplateFileRecord, type TemplateRecord } from './presenter.js';
import { readTemplate } from './service.js';

/**
 * Downloading and previewing a template's documents: a short-lived signed link to the
 * file (modules/files/signed-urls.ts), issued after the read check. Downloads count.
 */

const isPreviewable = (file: TemplateFileRecord) => TEMPLATE_PREVIEW_EXTENSIONS.includes(file.extension);

/** The file at `fileIndex`, or 404. */
function fileAt(record: TemplateRecord, fileIndex: number): TemplateFileRecord {
  const file = record.files[fileIndex];
  if (!file) throw notFound(UI_TEXT.templateFileNotFound);
  return file;
}

/**
 * POST /api/templates/{id}/download?fileIndex (the primary without it): the link, served as an
 * attachment, and the file's name. The count rises in one UPDATE, so parallel downloads all count;
 * it is not an edit, so updatedAt stays.
 */
export async function downloadTemplateFile(
  db: Database,
  secret: string,
  actor: Actor,
  id: string,
  fileIndex: number | undefined,
): Promise<TemplateDownload> {
  const record = await readTemplate(db, actor, id);
  const file = fileIndex === undefined ? primaryFileOf(record) : fileAt(record, fileIndex);
  if (!file) throw notFound(UI_TEXT.templateFileNotFound);
  await db
    .update(templates)
    .set({ downloadCount: sql`${templates.downloadCount} + 1` })
    .where(eq(templates.id, id));
  return { downloadUrl: signedFileUrl(secret, file.key), fileName: file.originalName };
}

/**
 * POST /api/templates/{id}/preview?fileIndex (without it the primary if a PDF, else the first PDF):
 * a link served inline. Only PDFs: a Word file is a 400 that says to download it.
 */
export async function previewTemplateFile(
  db: Database,
  secret: string,
  actor: Actor,
  id: string,
  fileIndex: number | undefined,
): Promise<TemplatePreview> {
  const record = await readTemplate(db, actor, id);
  const primary = primaryFileOf(record);
  const file =
    fileIndex === undefined
      ? primary && isPreviewable(primary)
        ? primary
        : record.files.find(isPreviewable)
      : fileAt(record, fileIndex);
  if (!file) throw badRequest(UI_TEXT.templateNoPdf);
  if (!isPreviewable(file)) throw badRequest(UI_TEXT.templatePreviewPdfOnly);
  return { previewUrl: `${signedFileUrl(secret, file.key)}&inline=1`, fileName: file.originalName };
}
