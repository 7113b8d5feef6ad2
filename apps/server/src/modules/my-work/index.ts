import { registerRoutes, type ServerModule } from '../manifest.js';
import { myWorkRoutes } from './routes.js';

export const myWorkModule: ServerModule = {
  name: 'my-work',
  routes: registerRoutes(myWorkRoutes),
  organizationData: [],
};
