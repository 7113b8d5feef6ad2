import { loginChallenges, twoFactorRecoveryCodes, users } from '../../db/schema/index.js';
import type { ServerModule } from '../manifest.js';
import { twoFactorRoutes } from './routes.js';

export { deriveKey, loadTwoFactorKey } from './keys.js';
export { startLoginChallenge } from './login.js';

export const twoFactorModule: ServerModule = {
  name: 'two-factor',
  routes: async (api, { throttleFor }) => {
    await api.register(twoFactorRoutes, { throttle: throttleFor('two-factor-failures') });
  },
  organizationData: [
    { table: twoFactorRecoveryCodes, reachedThrough: [{ column: twoFactorRecoveryCodes.userId, parent: users.id }] },
    { table: loginChallenges, reachedThrough: [{ column: loginChallenges.userId, parent: users.id }] },
  ],
};
