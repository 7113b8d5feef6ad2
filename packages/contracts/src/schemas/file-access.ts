import { z } from 'zod';
import { uploadedFileSchema } from './files.js';
import { userSummarySchema } from './structure.js';

/**
 * Access-checked file calls: an attached
 * file is read through a short-lived signed link, never through its plain by-key URL.
 */

/** GET /api/files/info/{key}: the upload's fields, when it was uploaded and by whom. */
export const fileInfoSchema = uploadedFileSchema.extend({
  createdAt: z.string(),
  uploadedBy: userSummarySchema.nullable(),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;

/** GET /api/files/download/{key}: a link that serves the file for SIGNED_URL_TTL_SECONDS. */
export const downloadLinkSchema = z.object({ downloadUrl: z.string() });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

/** The query of a signed download link: its expiry (Unix seconds) and signature; a bad one is refused as invalid, not as input. */
export const signedLinkQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
  /** 1: show an image or a PDF in the page instead of saving it. */
  inline: z.enum(['0', '1']).optional(),
});
