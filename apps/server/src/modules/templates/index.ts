import { registerRoutes, type ServerModule } from '../manifest.js';
import { readTemplateForFiles } from './access.js';
import { templateDepartmentRoutes } from './department-routes.js';
import { templateRoutes } from './routes.js';

export { canReadTemplates } from './policy.js';
export { visibleTemplates } from './service.js';

/** Templates are the platform's, not an organization's. */
export const templatesModule: ServerModule = {
  name: 'templates',
  routes: registerRoutes(templateDepartmentRoutes, templateRoutes),
  recordReaders: { template: readTemplateForFiles },
  organizationData: [],
};
