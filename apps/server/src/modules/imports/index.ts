import { registerRoutes, type ServerModule } from '../manifest.js';
import { importRoutes } from './routes.js';

export const importsModule: ServerModule = {
  name: 'imports',
  routes: registerRoutes(importRoutes),
  organizationData: [],
};
