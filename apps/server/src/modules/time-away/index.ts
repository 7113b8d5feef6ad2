import { absenceSubstitutes } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { timeAwayRoutes } from './routes.js';
import { startTimeAwaySessionsSweep } from './sessions-sweep.js';

export {
  type AwayJson,
  awayNotice,
  awayNoticeAt,
  awayNoticeJson,
  awayRanges,
  presentAwayJson,
  standingInFor,
} from './service.js';

/** An advisor's time away and who stands in for it (decision 0288). */
export const timeAwayModule: ServerModule = {
  name: 'time-away',
  routes: registerRoutes(timeAwayRoutes),
  notificationHooks: { reminderSweeps: [startTimeAwaySessionsSweep] },
  organizationData: organizationTables(absenceSubstitutes),
};
