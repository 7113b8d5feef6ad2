import { departments } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { departmentRoutes } from './routes.js';

export { findDepartment, findDepartmentByName } from './service.js';

export const departmentsModule: ServerModule = {
  name: 'departments',
  routes: registerRoutes(departmentRoutes),
  organizationData: organizationTables(departments),
};
