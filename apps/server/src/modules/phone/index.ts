import { PHONE_CODE_COUNT_WINDOW_MS } from '@smart/contracts';
import { phoneVerifications, users } from '../../db/schema/index.js';
import { reachedThrough, type ServerModule } from '../manifest.js';
import { phoneRoutes } from './routes.js';

export const phoneModule: ServerModule = {
  name: 'phone',
  routes: async (api, { throttleFor }) => {
    await api.register(phoneRoutes, { throttle: throttleFor('phone-codes', PHONE_CODE_COUNT_WINDOW_MS) });
  },
  organizationData: [reachedThrough(phoneVerifications, { column: phoneVerifications.userId, parent: users.id })],
};
