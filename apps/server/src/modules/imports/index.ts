import type { ServerModule } from '../manifest.js';
import { importRoutes } from './routes.js';

export const importsModule: ServerModule = {
  name: 'imports',
  routes: async (api) => {
    await api.register(importRoutes);
  },
  organizationData: [],
};
