import type { ServerModule } from '../manifest.js';
import { exportRoutes } from './routes.js';

export const exportsModule: ServerModule = {
  name: 'exports',
  routes: async (api) => {
    await api.register(exportRoutes);
  },
  organizationData: [],
};
