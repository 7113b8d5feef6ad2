import { sessions, users } from '../../db/schema/index.js';
import { reachedThrough, type ServerModule } from '../manifest.js';
import { sessionRoutes } from './routes.js';

export const sessionsModule: ServerModule = {
  name: 'sessions',
  routes: async (api, { throttleFor }) => {
    await api.register(sessionRoutes, { throttle: throttleFor('login-failures') });
  },
  organizationData: [reachedThrough(sessions, { column: sessions.userId, parent: users.id })],
};
