import { advisorAssignments } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { advisorRoutes } from './routes.js';

export { advisorNotificationRules } from './notifications.js';
export const advisorsModule: ServerModule = {
  name: 'advisors',
  routes: registerRoutes(advisorRoutes),
  organizationData: organizationTables(advisorAssignments),
};
