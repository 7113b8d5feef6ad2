import type { ServerModule } from '../manifest.js';
import { healthRoutes } from './routes.js';

export const healthModule: ServerModule = {
  name: 'health',
  routes: async (api) => {
    await api.register(healthRoutes);
  },
  organizationData: [],
};
