import { UI_TEXT } from '@smart/contracts';
import { recordAttachmentRoutes } from '../files/index.js';
import { readTaskForFiles } from './attachments.js';

/** POST and DELETE /api/tasks/{id}/attachments; both write the task's history. */
export const taskAttachmentRoutes = recordAttachmentRoutes({
  records: 'tasks',
  read: readTaskForFiles,
  notFoundMessage: UI_TEXT.taskNotFound,
});
