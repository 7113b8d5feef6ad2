import { loginChallenges, twoFactorRecoveryCodes, users } from '../../db/schema/index.js';
import { reachedThrough, type ServerModule } from '../manifest.js';
import { twoFactorRoutes } from './routes.js';

export { deriveKey, loadTwoFactorKey } from './keys.js';
export { startLoginChallenge } from './login.js';

export const twoFactorModule: ServerModule = {
  name: 'two-factor',
  routes: async (api, { throttleFor }) => {
    await api.register(twoFactorRoutes, { throttle: throttleFor('two-factor-failures') });
  },
  organizationData: [
    reachedThrough(twoFactorRecoveryCodes, { column: twoFactorRecoveryCodes.userId, parent: users.id }),
    reachedThrough(loginChallenges, { column: loginChallenges.userId, parent: users.id }),
  ],
};
