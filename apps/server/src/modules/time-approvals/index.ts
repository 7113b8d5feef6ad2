import { timeApprovals } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { timeApprovalRoutes } from './routes.js';

/** An advisor's week or month of time, submitted to and approved by its organization (decision 0290). */
export const timeApprovalsModule: ServerModule = {
  name: 'time-approvals',
  routes: registerRoutes(timeApprovalRoutes),
  organizationData: organizationTables(timeApprovals),
};
