import { organizationExports } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { organizationExportRoutes, startOrganizationExportJobs } from './organization-export-routes.js';
import { exportRoutes } from './routes.js';

export {
  ENTITY_PREFIX,
  ENTITY_SUFFIX,
  entityReference,
  exportedEntities,
  FILES_PREFIX,
  NEVER_EXPORTED,
  type OrganizationExportManifest,
  writeOrganizationArchive,
} from './organization-archive.js';
export { buildOrganizationExport, sweepExpiredOrganizationExports } from './organization-export.js';
export const exportsModule: ServerModule = {
  name: 'exports',
  routes: registerRoutes(exportRoutes, organizationExportRoutes),
  jobs: startOrganizationExportJobs,
  organizationData: organizationTables(organizationExports),
};
