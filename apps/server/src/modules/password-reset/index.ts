import { PASSWORD_RESET_WINDOW_MS } from '@smart/contracts';
import { passwordResets, users } from '../../db/schema/index.js';
import { reachedThrough, type ServerModule } from '../manifest.js';
import { passwordResetRoutes } from './routes.js';

export { WELCOME_MAIL_QUEUE, type WelcomeMailJob } from './service.js';

export const passwordResetModule: ServerModule = {
  name: 'password-reset',
  routes: async (api, { throttleFor }) => {
    await api.register(passwordResetRoutes, { throttle: throttleFor('password-resets', PASSWORD_RESET_WINDOW_MS) });
  },
  organizationData: [reachedThrough(passwordResets, { column: passwordResets.userId, parent: users.id })],
};
