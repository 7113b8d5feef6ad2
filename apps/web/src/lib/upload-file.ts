import { fileEndpoints } from '@smart/contracts';
import { api, apiUpload, fileForm, type RequestOptions } from './api-client';

/**
 * Stores one file (at most 10 MB, typed by its content) and answers how to name it: it stays its
 * uploader's own until a record takes it (a ticket, a message) or it becomes a picture.
 */
export const uploadFile = (file: File, options: RequestOptions) =>
  api(fileEndpoints.upload, { form: fileForm(file) }, options);

/** The same upload with the share sent so far (0 to 1) while it runs. */
export const uploadFileWithProgress = (file: File, onProgress: (fraction: number) => void, options: RequestOptions) =>
  apiUpload(fileEndpoints.upload, { form: fileForm(file) }, onProgress, options);
