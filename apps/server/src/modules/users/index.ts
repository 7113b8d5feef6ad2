import { users } from '../../db/schema/index.js';
import { registerRoutes, type ServerModule } from '../manifest.js';
import { memberListRoutes } from './member-list-routes.js';
import { userRoutes } from './routes.js';

export { memberEvent } from './audit.js';
export { canRegister, canResetTwoFactor } from './policy.js';
export { presentUser, type UserRecord } from './presenter.js';
export { findUserRecord, loadUserRecord, selectUserRecords, USER_LIST_ORDER, userList } from './service.js';

export const usersModule: ServerModule = {
  name: 'users',
  routes: registerRoutes(userRoutes, memberListRoutes),
  // An organization token's service identity (modules/api-tokens) is the organization's too.
  organizationData: [
    { table: users, organizationColumn: users.organizationId, alsoOrganizationColumn: users.serviceOrganizationId },
  ],
};
