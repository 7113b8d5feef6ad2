import { registerRoutes, type ServerModule } from '../manifest.js';
import { searchRoutes } from './routes.js';

export const searchModule: ServerModule = {
  name: 'search',
  routes: registerRoutes(searchRoutes),
  organizationData: [],
};
