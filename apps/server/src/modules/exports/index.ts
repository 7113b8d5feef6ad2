import { registerRoutes, type ServerModule } from '../manifest.js';
import { exportRoutes } from './routes.js';

export const exportsModule: ServerModule = {
  name: 'exports',
  routes: registerRoutes(exportRoutes),
  organizationData: [],
};
