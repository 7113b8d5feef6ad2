import { UI_TEXT } from '@smart/contracts';
import { recordAttachmentRoutes } from '../files/index.js';
import { readObjectiveForFiles } from './attachments.js';

/** POST and DELETE /api/objectives/{id}/attachments. */
export const objectiveAttachmentRoutes = recordAttachmentRoutes({
  records: 'objectives',
  read: readObjectiveForFiles,
  notFoundMessage: UI_TEXT.objectiveNotFound,
});
