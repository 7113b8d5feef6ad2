import { auditEvents } from '../../db/schema/index.js';
import type { ServerModule } from '../manifest.js';
import { auditLogRoutes } from './routes.js';

export type { AuditLine } from './presenter.js';
export { auditLogBatches, auditOrganization } from './service.js';

export const auditLogModule: ServerModule = {
  name: 'audit-log',
  routes: async (api) => {
    await api.register(auditLogRoutes);
  },
  organizationData: [{ table: auditEvents, organizationColumn: auditEvents.organizationId }],
};
