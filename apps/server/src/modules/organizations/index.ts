import { organizations, rowCounts } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { startOrganizationErasure } from './erasure.js';
import { organizationRoutes } from './routes.js';

export { type OrganizationClosingHook, registerClosingHooks } from './closing.js';
export { organizationNotificationRules, organizationSubject } from './notifications.js';
export { canExportOrganization } from './policy.js';
export { requireSeat, seatsLeft } from './seats.js';
export { findOrganization, findPlatformOrganization, memberCount } from './service.js';
export const organizationsModule: ServerModule = {
  name: 'organizations',
  routes: registerRoutes(organizationRoutes),
  jobs: startOrganizationErasure,
  organizationData: [{ table: organizations, organizationColumn: organizations.id }, ...organizationTables(rowCounts)],
};
