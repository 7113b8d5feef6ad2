import { z } from 'zod';
import { ORGANIZATION_EXPORT_STATUSES } from '../organization-export.js';
import { idSchema } from './common.js';

export const organizationExportSchema = z.object({
  id: idSchema,
  organizationId: idSchema,
  status: z.enum(ORGANIZATION_EXPORT_STATUSES),
  requestedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the archive and its link stop working (ready exports). */
  expiresAt: z.string().nullable(),
  /** The archive's size in bytes (ready exports). */
  bytes: z.number().int().nullable(),
  /** The signed download link, while the export is ready and not expired. */
  downloadUrl: z.string().nullable(),
});
export type OrganizationExport = z.infer<typeof organizationExportSchema>;

export const organizationExportLinkParams = z.object({ id: idSchema });
export const organizationExportLinkQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});
