import { registerRoutes, type ServerModule } from '../manifest.js';
import { healthRoutes } from './routes.js';

export const healthModule: ServerModule = {
  name: 'health',
  routes: registerRoutes(healthRoutes),
  organizationData: [],
};
