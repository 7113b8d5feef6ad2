import { projects } from '../../db/schema/index.js';
import { organizationTables, registerRoutes, type ServerModule } from '../manifest.js';
import { projectRoutes } from './routes.js';
import { projectSocketEvents } from './socket.js';

export { requireProjectWork, requireTeamIn, workSearch } from './access.js';
export { announceWork, announceWorkFromApp } from './live.js';
export { newWorkRecord } from './new-record.js';
export { projectNotificationRules } from './notifications.js';
export {
  canChangeWorkRecord,
  canRemoveAttachment,
  canWorkOnProjectsIn,
  leadsWorkIn,
  type WorkRecord,
} from './policy.js';
export { type ProjectRecord, presentTeamRef, presentWorkBase, type TaskTotals } from './presenter.js';
export { PROJECT_LIST_ORDER, projectList, selectProjectRecords } from './service.js';
export { taskTotals } from './task-totals.js';

export const projectsModule: ServerModule = {
  name: 'projects',
  routes: registerRoutes(projectRoutes),
  socketEvents: projectSocketEvents,
  organizationData: organizationTables(projects),
};
