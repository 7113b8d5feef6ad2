import { z } from 'zod';

export const uploadedFileSchema = z.object({
  fileName: z.string(),
  originalName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  fileUrl: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const fileKeyParams = z.object({ key: z.string().regex(/^[a-f0-9-]{36}(\.[a-z0-9]{1,10})?$/) });
