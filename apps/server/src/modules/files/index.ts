import { files } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { scheduleUnusedUploadsCleanup } from './cleanup.js';
import { fileRoutes } from './routes.js';

export { recordAttachmentRoutes } from './attachment-routes.js';
export {
  type AttachmentRow,
  detachFilesOf,
  listAttachments,
  presentAttachment,
  removeAttachment,
  removeStoredFiles,
} from './attachments.js';
export { changePicture, lockedPicture, publishPicture } from './pictures.js';
export { requireStorageLeft, requireStorageRoom } from './quota.js';
export type { AttachableRecord, AttachableRecordReader } from './record-access.js';
export { type AttachableRecordReaders, fileChangeEntry, registerRecordReaders } from './record-access.js';
export { sendStoredFile } from './serve.js';
export { isUnusedUpload, type StoredUpload, saveUploadBytes } from './service.js';
export { isAuthenticLink, signedFileUrl, signedLinkQuery } from './signed-urls.js';
export { acceptUploads, receiveOneFile } from './upload.js';
export const filesModule: ServerModule = {
  name: 'files',
  routes: registerRoutes(fileRoutes),
  jobs: scheduleUnusedUploadsCleanup,
  organizationData: organizationTables(files),
};
