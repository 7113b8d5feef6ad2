import { departments } from '../../db/schema/index.js';
import type { ServerModule } from '../manifest.js';
import { departmentRoutes } from './routes.js';

export { findDepartment, findDepartmentByName } from './service.js';

export const departmentsModule: ServerModule = {
  name: 'departments',
  routes: async (api) => {
    await api.register(departmentRoutes);
  },
  organizationData: [{ table: departments, organizationColumn: departments.organizationId }],
};
