import { runningTimers, timeEntries } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { timeEntryRoutes } from './routes.js';

export { lockDaysOf } from './day-cap.js';
export { leadsTimeIn } from './policy.js';
export { type TimeEntryRecord, timeEntryListWhere, timeEntryWalk } from './service.js';

export const timeEntriesModule: ServerModule = {
  name: 'time-entries',
  routes: registerRoutes(timeEntryRoutes),
  organizationData: organizationTables(timeEntries, runningTimers),
};
