import { auditEvents } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { auditLogRoutes } from './routes.js';

export type { AuditLine } from './presenter.js';
export { auditLogBatches, auditOrganization } from './service.js';

export const auditLogModule: ServerModule = {
  name: 'audit-log',
  routes: registerRoutes(auditLogRoutes),
  organizationData: organizationTables(auditEvents),
};
