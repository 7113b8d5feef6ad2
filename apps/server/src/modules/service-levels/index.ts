import { holidays, serviceLevelTargets } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { serviceLevelRoutes } from './routes.js';

/** An organization's ticket service levels: targets per priority, its working week and holidays (decision 0286). */
export const serviceLevelsModule: ServerModule = {
  name: 'service-levels',
  routes: registerRoutes(serviceLevelRoutes),
  organizationData: organizationTables(serviceLevelTargets, holidays),
};
