import { objectives } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { objectiveAttachmentRoutes } from './attachment-routes.js';
import { readObjectiveForFiles } from './attachments.js';
import { objectiveRoutes } from './routes.js';

export const objectivesModule: ServerModule = {
  name: 'objectives',
  routes: registerRoutes(objectiveRoutes, objectiveAttachmentRoutes),
  recordReaders: { objective: readObjectiveForFiles },
  organizationData: organizationTables(objectives),
};
