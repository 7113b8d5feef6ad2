import { teamMembers, teams } from '../../db/schema/index.js';
import type { ServerModule } from '../manifest.js';
import { teamRoutes } from './routes.js';

export const teamsModule: ServerModule = {
  name: 'teams',
  routes: async (api) => {
    await api.register(teamRoutes);
  },
  organizationData: [
    { table: teams, organizationColumn: teams.organizationId },
    { table: teamMembers, organizationColumn: teamMembers.organizationId },
  ],
};
