import { runningTimers, timeEntries } from '../../db/schema/index.js';
import type { ServerModule } from '../manifest.js';
import { timeEntryRoutes } from './routes.js';

export { type TimeEntryRecord, timeEntryListWhere, timeEntryWalk } from './service.js';

export const timeEntriesModule: ServerModule = {
  name: 'time-entries',
  routes: async (api) => {
    await api.register(timeEntryRoutes);
  },
  organizationData: [
    { table: timeEntries, organizationColumn: timeEntries.organizationId },
    { table: runningTimers, organizationColumn: runningTimers.organizationId },
  ],
};
