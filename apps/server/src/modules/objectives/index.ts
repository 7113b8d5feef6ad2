import { objectives } from '../../db/schema/index.js';
import type { ServerModule } from '../manifest.js';
import { objectiveAttachmentRoutes } from './attachment-routes.js';
import { readObjectiveForFiles } from './attachments.js';
import { objectiveRoutes } from './routes.js';

export const objectivesModule: ServerModule = {
  name: 'objectives',
  routes: async (api) => {
    await api.register(objectiveRoutes);
    await api.register(objectiveAttachmentRoutes);
  },
  recordReaders: { objective: readObjectiveForFiles },
  organizationData: [{ table: objectives, organizationColumn: objectives.organizationId }],
};
