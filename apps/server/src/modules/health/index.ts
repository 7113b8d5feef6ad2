import { registerRoutes, type ServerModule } from '../manifest.js';
import { metricsRoutes } from './metrics-routes.js';
import { healthRoutes } from './routes.js';

export const healthModule: ServerModule = {
  name: 'health',
  routes: registerRoutes(healthRoutes, metricsRoutes),
  organizationData: [],
};
