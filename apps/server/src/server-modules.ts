import { domainEventsModule } from './events/module.js';
import { advisorsModule } from './modules/advisors/index.js';
import { analyticsModule } from './modules/analytics/index.js';
import { apiTokenNoticesModule } from './modules/api-token-notices/index.js';
import { apiTokensModule } from './modules/api-tokens/index.js';
import { auditLogModule } from './modules/audit-log/index.js';
import { backupsModule } from './modules/backups/index.js';
import { departmentsModule } from './modules/departments/index.js';
import { exportsModule } from './modules/exports/index.js';
import { filesModule } from './modules/files/index.js';
import { healthModule } from './modules/health/index.js';
import { historyModule } from './modules/history/index.js';
import { importsModule } from './modules/imports/index.js';
import { invoicesModule } from './modules/invoices/index.js';
import type { ServerModule } from './modules/manifest.js';
import { messengerModule } from './modules/messenger/index.js';
import { myWorkModule } from './modules/my-work/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { objectivesModule } from './modules/objectives/index.js';
import { organizationsModule } from './modules/organizations/index.js';
import { passwordResetModule } from './modules/password-reset/index.js';
import { peopleModule } from './modules/people/index.js';
import { phoneModule } from './modules/phone/index.js';
import { projectsModule } from './modules/projects/index.js';
import { schedulingModule } from './modules/scheduling/index.js';
import { searchModule } from './modules/search/index.js';
import { serviceLevelsModule } from './modules/service-levels/index.js';
import { sessionStoreModule } from './modules/session-store/index.js';
import { sessionsModule } from './modules/sessions/index.js';
import { tasksModule } from './modules/tasks/index.js';
import { teamsModule } from './modules/teams/index.js';
import { templatesModule } from './modules/templates/index.js';
import { ticketsModule } from './modules/tickets/index.js';
import { timeApprovalsModule } from './modules/time-approvals/index.js';
import { timeAwayModule } from './modules/time-away/index.js';
import { timeEntriesModule } from './modules/time-entries/index.js';
import { twoFactorModule } from './modules/two-factor/index.js';
import { usersModule } from './modules/users/index.js';
import { webhooksModule } from './modules/webhooks/index.js';

/** Every server module, each entered through its index.ts (docs/decisions/0222); app.ts loops over this list. */
export const serverModules: readonly ServerModule[] = [
  healthModule,
  sessionsModule,
  passwordResetModule,
  twoFactorModule,
  notificationsModule,
  apiTokenNoticesModule,
  phoneModule,
  usersModule,
  teamsModule,
  filesModule,
  objectivesModule,
  tasksModule,
  organizationsModule,
  departmentsModule,
  advisorsModule,
  schedulingModule,
  projectsModule,
  ticketsModule,
  serviceLevelsModule,
  timeAwayModule,
  templatesModule,
  messengerModule,
  searchModule,
  myWorkModule,
  timeEntriesModule,
  timeApprovalsModule,
  invoicesModule,
  auditLogModule,
  importsModule,
  analyticsModule,
  exportsModule,
  peopleModule,
  domainEventsModule,
  sessionStoreModule,
  historyModule,
  backupsModule,
  apiTokensModule,
  webhooksModule,
];
