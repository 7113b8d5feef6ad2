import { advisorAssignments } from '../../db/schema/index.js';
import type { ServerModule } from '../manifest.js';
import { advisorRoutes } from './routes.js';

export { advisorNotificationRules } from './notifications.js';
export const advisorsModule: ServerModule = {
  name: 'advisors',
  routes: async (api) => {
    await api.register(advisorRoutes);
  },
  organizationData: [{ table: advisorAssignments, organizationColumn: advisorAssignments.organizationId }],
};
