import { z } from 'zod';

export const uploadedFileSchema = z.object({
  fileName: z.string(),
  originalName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  fileUrl: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** GET /api/organizations/{id}/storage: the bytes an organization's files take, against its quota. */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** A stored file's key: a random UUID and the sniffed extension. */
export const FILE_KEY_PATTERN = /^[a-f0-9-]{36}(\.[a-z0-9]{1,10})?$/;
/** Where a stored file is served (`fileUrl` of an upload). */
export const FILE_URL_PATTERN = /^\/api\/files\/[a-f0-9-]{36}(\.[a-z0-9]{1,10})?$/;
/** The key of one of this app's file URLs, or null. */
export const fileKeyOfUrl = (url: string) => (FILE_URL_PATTERN.test(url) ? url.slice('/api/files/'.length) : null);

export const fileKeyParams = z.object({ key: z.string().max(48).regex(FILE_KEY_PATTERN) });

/**
 * The records a file can be attached to. An attached file is served only to
 * those who may read its record, through a short-lived signed URL. An unattached upload is private
 * to its uploader until it becomes a picture (avatar, logo, department image): only then is it
 * public by its unguessable key.
 */
export const ATTACHABLE_RECORD_TYPES = ['objective', 'task', 'ticket', 'message', 'template'] as const;
export type AttachableRecordType = (typeof ATTACHABLE_RECORD_TYPES)[number];
/** How long a signed download URL works. */
export const SIGNED_URL_TTL_SECONDS = 5 * 60;
