import { apiTokenAddresses, apiTokens, organizations, users } from '../../db/schema/index.js';
import { reachedThrough, registerRoutes, type ServerModule } from '../manifest.js';
import { apiTokenRoutes } from './routes.js';

/**
 * API tokens (decision 0276): personal and organization tokens, their scopes and bindings. Scope
 * enforcement is not here but in the one auth hook (plugins/auth.ts), for every route alike.
 */
export const apiTokensModule: ServerModule = {
  name: 'api-tokens',
  routes: registerRoutes(apiTokenRoutes),
  // An organization's tokens, and its people's personal tokens (which go with their owner).
  organizationData: [
    reachedThrough(
      apiTokens,
      { column: apiTokens.organizationId, parent: organizations.id },
      { column: apiTokens.userId, parent: users.id },
    ),
    reachedThrough(apiTokenAddresses, { column: apiTokenAddresses.tokenId, parent: apiTokens.id }),
  ],
};
