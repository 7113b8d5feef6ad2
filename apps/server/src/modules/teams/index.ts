import { teamMembers, teams } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { teamRoutes } from './routes.js';

export const teamsModule: ServerModule = {
  name: 'teams',
  routes: registerRoutes(teamRoutes),
  organizationData: organizationTables(teams, teamMembers),
};
