import { loginChallenges, twoFactorRecoveryCodes } from '../../db/schema/index.js';
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
    { table: twoFactorRecoveryCodes, reachedThrough: 'user_id: its members (users)' },
    { table: loginChallenges, reachedThrough: 'user_id: its members (users)' },
  ],
};
