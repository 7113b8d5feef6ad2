import { type ApiTokenKind, scopesAllow, type TokenScope, type TokenScopes, UI_TEXT } from '@smart/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { apiTokens, organizations, sessions, users } from '../db/schema/index.js';
import { isApiTokenSecret } from '../lib/api-token-secret.js';
import { AppError, unauthorized } from '../lib/errors.js';
import { prepared } from '../lib/prepared.js';
import { bindRequestToToken } from '../lib/request-context.js';
import type { Actor } from '../lib/tenancy.js';
import { hashToken } from '../lib/tokens.js';

export interface Session {
  id: string;
  user: Actor;
  /**
   * Its organization requires a second factor and the user has none: until one is set up, only
   * the routes marked `duringTwoFactorSetup` answer, and sockets are refused.
   */
  mustSetUpTwoFactor: boolean;
  /** Set when the bearer is an API token (decision 0276): the request acts with its scopes too. */
  apiToken: ApiTokenContext | null;
}

/** An API token a request acts through: what its scopes and bindings allow besides its identity's rights. */
export interface ApiTokenContext {
  id: string;
  kind: ApiTokenKind;
  name: string;
  scopes: TokenScopes;
  /** An advisor's token: the organizations it may reach; null for any other token. */
  organizationIds: string[] | null;
  lastUsedAt: Date | null;
  lastUsedAddress: string | null;
}

/** The user columns a session acts with (lib/tenancy.ts Actor). */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  organizationId: users.organizationId,
  departmentId: users.departmentId,
  firstName: users.firstName,
  lastName: users.lastName,
};

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** OpenAPI: the security requirement of every route that needs a signed-in user. */
export const bearerAuth = [{ bearerAuth: [] }];

/** OpenAPI: the scheme of API tokens, whose requirement on each operation names the scopes it takes. */
export const API_TOKEN_SECURITY_SCHEME = 'apiToken';

const findSessionStatement = (db: Database) =>
  prepared(db, 'find_session', (database, name) =>
    database
      .select({
        id: sessions.id,
        user: sessionUserColumns,
        mustSetUpTwoFactor: sql<boolean>`coalesce(${organizations.requireTwoFactor}, false)
          and ${users.twoFactorEnabledAt} is null`.mapWith(Boolean),
        apiToken: sql<null>`null`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.isActive, true),
          // Closing deletes the sessions too; this also refuses one begun while the closing ran.
          isNull(organizations.closedAt),
        ),
      )
      .limit(1)
      .prepare(name),
  );

/** The organization a token acts in: an organization token's own, else its owner's. */
const tokenOrganizationId = sql<string | null>`coalesce(${apiTokens.organizationId}, ${users.organizationId})`;

/**
 * An API token's live identity: a personal token's owner as it is now (active, its role now, its
 * organization open), or an organization token's service identity acting as an org_admin of its
 * organization (open). Unrevoked and unexpired. One prepared query.
 */
const findApiTokenStatement = (db: Database) =>
  prepared(db, 'find_api_token', (database, name) =>
    database
      .select({
        id: apiTokens.id,
        user: {
          ...sessionUserColumns,
          role: sql<Session['user']['role']>`case when ${apiTokens.kind} = 'organization' then 'org_admin'::role
            else ${users.role} end`,
          organizationId: tokenOrganizationId,
        },
        mustSetUpTwoFactor: sql<boolean>`${apiTokens.kind} = 'personal'
          and coalesce(${organizations.requireTwoFactor}, false) and ${users.twoFactorEnabledAt} is null`.mapWith(
          Boolean,
        ),
        apiToken: {
          id: apiTokens.id,
          kind: apiTokens.kind,
          name: apiTokens.name,
          scopes: apiTokens.scopes,
          organizationIds: apiTokens.organizationIds,
          lastUsedAt: apiTokens.lastUsedAt,
          lastUsedAddress: apiTokens.lastUsedAddress,
        },
      })
      .from(apiTokens)
      .innerJoin(users, sql`${users.id} = coalesce(${apiTokens.serviceUserId}, ${apiTokens.userId})`)
      .leftJoin(organizations, sql`${organizations.id} = ${tokenOrganizationId}`)
      .where(
        and(
          eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
          isNull(apiTokens.revokedAt),
          gt(apiTokens.expiresAt, sql.placeholder('now')),
          eq(users.isActive, true),
          isNull(organizations.closedAt),
        ),
      )
      .limit(1)
      .prepare(name),
  );

/**
 * The live session of a bearer value: a sign-in's token (unexpired, of an active user of an open
 * organization, and whether the user must set up a second factor first) or an API token's
 * (`smart_pat_…`, its checksum checked before any read). One prepared query either way.
 */
export async function findSession(db: Database, token: string | undefined | null): Promise<Session | null> {
  if (!token || typeof token !== 'string' || token.length > 200) return null;
  const now = new Date();
  if (isApiTokenSecret(token)) {
    const [row] = await findApiTokenStatement(db).execute({ tokenHash: hashToken(token), now });
    return row ?? null;
  }
  const [row] = await findSessionStatement(db).execute({ tokenHash: hashToken(token), now });
  return row ?? null;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * What an API token may reach (decision 0276): a route's scope (any one of a list), never a route
 * marked `never` or one that names no scope (deny by default: only routes defined in contracts
 * name one). 403 naming the first scope missing.
 */
export function requireTokenScope(
  token: ApiTokenContext,
  scope: TokenScope | readonly TokenScope[] | 'never' | undefined,
) {
  if (scope === undefined || scope === 'never') {
    throw new AppError('TOKEN_NOT_ALLOWED', UI_TEXT.tokenNotAllowedHere);
  }
  const needed: readonly TokenScope[] = typeof scope === 'string' ? [scope] : scope;
  if (needed.some((one) => scopesAllow(token.scopes, one))) return;
  throw new AppError('INSUFFICIENT_SCOPE', UI_TEXT.insufficientScope, { scope: needed[0] });
}

/**
 * Deny by default: registered inside the API scope, it makes every route there need a live
 * session unless its config says `public: true` (lib/openapi-operation.ts documents the same
 * marker). The check runs onRequest, before the body is parsed or validated, so a signed-out
 * caller always gets 401. Someone whose organization requires a second factor it has not set up
 * gets 403 (TWO_FACTOR_SETUP_REQUIRED) everywhere but the routes marked `duringTwoFactorSetup`
 * (setting one up, the own profile, signing out). An API token must also have the route's scope
 * (requireTokenScope), and an advisor's token binds the request to its organizations
 * (lib/tenancy.ts activeAssignment). Routes need no auth code of their own.
 */
export const denyByDefault = fp(async (scope: FastifyInstance) => {
  scope.decorateRequest('session', null);
  scope.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    request.session = token ? await findSession(scope.db, token) : null;
    if (!request.session) {
      throw unauthorized(request.headers.authorization ? UI_TEXT.sessionExpired : UI_TEXT.authRequired);
    }
    const { apiToken, user } = request.session;
    if (apiToken) {
      requireTokenScope(apiToken, request.routeOptions.config.tokenScope);
      if (apiToken.organizationIds)
        bindRequestToToken({ advisorId: user.id, organizationIds: apiToken.organizationIds });
    }
    if (request.session.mustSetUpTwoFactor && !request.routeOptions.config.duringTwoFactorSetup) {
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', UI_TEXT.twoFactorSetupRequired);
    }
  });
});

/** The signed-in session of a route in the API scope (the scope has refused every request without one). */
export function requireSession(request: FastifyRequest): Session {
  if (request.session) return request.session;
  throw unauthorized(UI_TEXT.authRequired);
}

/** The signed-in user, the actor of a route in the API scope. */
export const requireUser = (request: FastifyRequest): Actor => requireSession(request).user;
