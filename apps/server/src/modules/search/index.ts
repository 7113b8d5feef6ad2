import type { ServerModule } from '../manifest.js';
import { searchRoutes } from './routes.js';

export const searchModule: ServerModule = {
  name: 'search',
  routes: async (api) => {
    await api.register(searchRoutes);
  },
  organizationData: [],
};
