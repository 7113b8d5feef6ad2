import { registerRoutes, type ServerModule } from '../manifest.js';
import { analyticsRoutes } from './routes.js';

export const analyticsModule: ServerModule = {
  name: 'analytics',
  routes: registerRoutes(analyticsRoutes),
  organizationData: [],
};
