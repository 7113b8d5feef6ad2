import { isInlineImageType, UI_TEXT, type UploadedFile } from '@smart/contracts';
import { ApiError, type RequestOptions } from './api-client';
import { uploadFile } from './upload-file';

/**
 * Uploads a picture (avatar, logo) and returns the stored file. The server types files by their
 * content, so a renamed non-image is refused here before its URL can become a picture.
 */
export async function uploadImage(file: File, options: RequestOptions): Promise<UploadedFile> {
  const uploaded = await uploadFile(file, options);
  if (!isInlineImageType(uploaded.fileType)) throw new ApiError(400, UI_TEXT.imageFileRequired, 'BAD_REQUEST');
  return uploaded;
}
