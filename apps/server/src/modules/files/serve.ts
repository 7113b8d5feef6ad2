import { isInlineImageType } from '@smart/contracts';
import type { FastifyReply } from 'fastify';
import type { FileRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../storage/index.js';

/** Types a browser may show in the page rather than save: images, and PDFs in a signed preview. */
const isPreviewType = (contentType: string) => isInlineImageType(contentType) || contentType === 'application/pdf';

export interface ServeOptions {
  /** Shown in the page (only ever for images and PDFs) rather than saved. */
  inline: boolean;
  cacheControl: string;
  /** The 404 message when the bytes are gone. */
  missingMessage: string;
}

/** Streams a stored file with its sniffed type, never sniffed again by the browser (nosniff). */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  row: Pick<FileRow, 'key' | 'contentType' | 'size' | 'originalName'>,
  { inline, cacheControl, missingMessage }: ServeOptions,
) {
  const body = await storage.open(row.key);
  if (!body) throw notFound(missingMessage);
  const disposition = inline && isPreviewType(row.contentType) ? 'inline' : 'attachment';
  return reply
    .header('Content-Type', row.contentType)
    .header('Content-Length', row.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
    .header('Cache-Control', cacheControl)
    .send(body);
}
