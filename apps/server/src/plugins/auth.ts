import { MESSAGES } from '@smart/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { unauthorized } from '../lib/errors.js';
import { prepared } from '../lib/prepared.js';
import type { Actor } from '../lib/tenancy.js';
import { hashToken } from '../lib/tokens.js';

export interface Session {
  id: string;
  user: Actor;
}

const sessionUserColumns = {
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

const findSessionStatement = (db: Database) =>
  prepared(db, 'find_session', (database, name) =>
    database
      .select({ id: sessions.id, user: sessionUserColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.isActive, true),
        ),
      )
      .limit(1)
      .prepare(name),
  );

/** The live session of a bearer token: unexpired, of an active user. One prepared query. */
export async function findSession(db: Database, token: string | undefined | null): Promise<Session | null> {
  if (!token || typeof token !== 'string' || token.length > 200) return null;
  const [row] = await findSessionStatement(db).execute({ tokenHash: hashToken(token), now: new Date() });
  return row ?? null;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Resolves the bearer token of every API request into `request.session`. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (token) request.session = await findSession(app.db, token);
  });
});

/** The signed-in session, or a 401. */
export function requireSession(request: FastifyRequest): Session {
  if (request.session) return request.session;
  throw unauthorized(request.headers.authorization ? MESSAGES.sessionExpired : MESSAGES.authRequired);
}

/** The signed-in user, or a 401. */
export const requireUser = (request: FastifyRequest): Actor => requireSession(request).user;

/** Route hook: refuse before body validation, so a signed-out caller always gets 401. */
export async function authenticate(request: FastifyRequest) {
  requireSession(request);
}
