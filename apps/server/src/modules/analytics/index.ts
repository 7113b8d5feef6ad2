import type { ServerModule } from '../manifest.js';
import { analyticsRoutes } from './routes.js';

export const analyticsModule: ServerModule = {
  name: 'analytics',
  routes: async (api) => {
    await api.register(analyticsRoutes);
  },
  organizationData: [],
};
