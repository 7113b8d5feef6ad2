import { randomBytes, randomUUID } from 'node:crypto';
import {
  API_TOKEN_LIMITS,
  type ApiTokenKind,
  type apiTokenListQuery,
  type createApiTokenBody,
  type PageQuery,
  TOKEN_RESOURCES,
  type TokenScopes,
  UI_TEXT,
  type updateApiTokenBody,
} from '@smart/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { apiTokens, organizations, users } from '../../db/schema/index.js';
import { apiTokenDisplayPrefix, newApiTokenSecret } from '../../lib/api-token-secret.js';
import { type AuditEvent, recordAudit } from '../../lib/audit.js';
import { badField, conflict, forbidden, notFound } from '../../lib/errors.js';
import { countWhere, orderFor, type Page, paginate } from '../../lib/paging.js';
import { qualified } from '../../lib/sql.js';
import {
  type Actor,
  canSeeIn,
  isAdvisor,
  organizationIdsWorkedFor,
  requireOrganization,
  seesAllOrganizations,
} from '../../lib/tenancy.js';
import { hashToken } from '../../lib/tokens.js';
import { apiTokenPermissions, managesOrganizationTokens, seesToken } from './policy.js';
import type { ApiTokenRecordRow } from './presenter.js';

type CreateBody = z.output<typeof createApiTokenBody>;
type UpdateBody = z.output<typeof updateApiTokenBody>;
type ListQuery = z.output<typeof apiTokenListQuery>;

const owner = alias(users, 'api_token_owner');

/** An advisor token's organizations with their names (null for every other token). */
const boundOrganizations = sql<{ id: string; name: string }[] | null>`case
  when ${qualified(apiTokens.organizationIds)} is null then null
  else coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name, o.id)
    from organizations o where o.id = any(${qualified(apiTokens.organizationIds)})), '[]'::json) end`;

/** Tokens with their owner (an organization token: its maker), organization name and bound organizations. */
const selectRecords = (db: Database) =>
  db
    .select({
      token: apiTokens,
      owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
      organizationName: organizations.name,
      organizations: boundOrganizations,
    })
    .from(apiTokens)
    .leftJoin(owner, sql`${owner.id} = coalesce(${apiTokens.userId}, ${apiTokens.createdById})`)
    .leftJoin(organizations, eq(organizations.id, apiTokens.organizationId));

async function findRecord(db: Database, id: string): Promise<ApiTokenRecordRow | null> {
  const [row] = await selectRecords(db).where(eq(apiTokens.id, id)).limit(1);
  return row ?? null;
}

/** Unrevoked and unexpired: what counts against the limit and what findSession accepts. */
const isLive = sql`(${apiTokens.revokedAt} is null and ${apiTokens.expiresAt} > now())`;

/** A page of tokens matching `where`: live ones first, each group newest first. */
function listRecords(db: Database, where: SQL, query: PageQuery): Promise<Page<ApiTokenRecordRow>> {
  return paginate(query, {
    count: () => countWhere(db, apiTokens, where),
    rows: (window) =>
      selectRecords(db)
        .where(where)
        .orderBy(...orderFor(window, [isLive, apiTokens.createdAt, apiTokens.id], true))
        .offset(window.offset)
        .limit(window.limit),
  });
}

/** GET /api/users/profile/api-tokens: the caller's own personal tokens. */
export const listMyTokens = (db: Database, actor: Actor, query: PageQuery) =>
  listRecords(db, and(eq(apiTokens.kind, 'personal'), eq(apiTokens.userId, actor.id)) as SQL, query);

/**
 * 404 "Organization not found" where the actor may not see the organization (or it does not
 * exist), 403 for its members who do not manage its tokens.
 */
async function requireManagesOrganizationTokens(db: Database, actor: Actor, organizationId: string) {
  if (seesAllOrganizations(actor)) return requireOrganization(db, organizationId);
  if (!canSeeIn(actor, organizationId)) throw notFound(UI_TEXT.organizationNotFound);
  if (!managesOrganizationTokens(actor, organizationId)) throw forbidden();
}

/** GET /api/organizations/{id}/api-tokens: an organization's own tokens. */
export async function listOrganizationTokens(db: Database, actor: Actor, organizationId: string, query: PageQuery) {
  await requireManagesOrganizationTokens(db, actor, organizationId);
  const where = and(eq(apiTokens.kind, 'organization'), eq(apiTokens.organizationId, organizationId)) as SQL;
  return listRecords(db, where, query);
}

/** GET /api/api-tokens: every token (the admin), of one organization (its own and its people's) or kind. */
export async function listAllTokens(db: Database, actor: Actor, query: ListQuery) {
  if (!seesAllOrganizations(actor)) throw forbidden();
  const { organizationId, kind, includeRevoked, ...page } = query;
  const conditions: SQL[] = [];
  if (organizationId) {
    conditions.push(sql`(${apiTokens.organizationId} = ${organizationId}::uuid or ${apiTokens.userId} in (
      select ${users.id} from ${users} where ${users.organizationId} = ${organizationId}::uuid))`);
  }
  if (kind) conditions.push(eq(apiTokens.kind, kind));
  if (includeRevoked !== 'true') conditions.push(isNull(apiTokens.revokedAt));
  return listRecords(db, and(sql`true`, ...conditions) as SQL, page);
}

/** A token's scopes as stored: only the resources it reaches. */
const grantedScopes = (scopes: TokenScopes): TokenScopes =>
  Object.fromEntries(
    TOKEN_RESOURCES.flatMap((resource) => {
      const access = scopes[resource];
      return access && access !== 'none' ? [[resource, access]] : [];
    }),
  );

/** The scopes as an audit line shows them: `tickets:write, projects:read`. */
const scopesText = (scopes: TokenScopes) =>
  Object.entries(grantedScopes(scopes))
    .map(([resource, access]) => `${resource}:${access}`)
    .join(', ') || 'none';

/**
 * An advisor's binding: the organizations named, each one it advises now (default: all of them);
 * null for everyone else, who may not name any (400).
 */
async function bindingFor(db: Database, actor: Actor, requested: readonly string[] | undefined) {
  if (!isAdvisor(actor)) {
    if (requested !== undefined) throw badField('organizationIds', UI_TEXT.apiTokenOrganizationsAdvisorOnly);
    return null;
  }
  const advised = await organizationIdsWorkedFor(db, actor);
  if (requested === undefined) return advised;
  if (requested.some((id) => !advised.includes(id))) {
    throw badField('organizationIds', UI_TEXT.apiTokenOrganizationNotAdvised);
  }
  return [...new Set(requested)];
}

/** An arbitrary constant: the class of the advisory locks that count one owner's live tokens. */
const TOKEN_LIMIT_LOCK_CLASS = 7_140_276;

interface NewToken {
  kind: ApiTokenKind;
  /** The person (personal) or organization (organization) whose live tokens are counted. */
  ownerCondition: SQL;
  ownerKey: string;
  userId: string | null;
  organizationId: string | null;
  organizationIds: string[] | null;
  /** Where the audit line goes (none for a person without an organization). */
  auditOrganizationId: string | null;
}

/**
 * Creates a token (and an organization token's service identity) in one transaction, under a lock
 * per owner so two at once cannot pass the live-token limit, with its audit line. Answers the
 * record and the secret: the only time it exists outside the caller's hands.
 */
async function createToken(db: Database, actor: Actor, body: CreateBody, made: NewToken) {
  const id = randomUUID();
  const secret = newApiTokenSecret();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TOKEN_LIMIT_LOCK_CLASS}::int, hashtext(${made.ownerKey}))`);
    const live = await countWhere(tx, apiTokens, and(made.ownerCondition, isLive) as SQL);
    if (live >= API_TOKEN_LIMITS.maxLivePerOwner) throw conflict(UI_TEXT.apiTokenLimitReached);
    let serviceUserId: string | null = null;
    if (made.kind === 'organization') {
      // The identity the token acts as, so history and the audit log name the token: no member, no password.
      const [service] = await tx
        .insert(users)
        .values({
          email: `token-${id}@api-tokens.invalid`,
          passwordHash: `!service-identity-${randomBytes(16).toString('hex')}`,
          firstName: body.name,
          lastName: '(API token)',
          isService: true,
          serviceOrganizationId: made.organizationId,
        })
        .returning({ id: users.id });
      serviceUserId = service?.id ?? null;
    }
    await tx.insert(apiTokens).values({
      id,
      kind: made.kind,
      name: body.name,
      tokenHash: hashToken(secret),
      prefix: apiTokenDisplayPrefix(secret),
      scopes: grantedScopes(body.scopes),
      userId: made.userId,
      organizationId: made.organizationId,
      serviceUserId,
      createdById: actor.id,
      organizationIds: made.organizationIds,
      expiresAt: sql`now() + make_interval(days => ${body.expiresInDays})` as unknown as Date,
    });
    await recordAudit(
      tx,
      actor.id,
      tokenAudit(made.auditOrganizationId, 'api_token.created', id, body.name, body.scopes),
    );
  });
  const record = await findRecord(db, id);
  if (!record) throw notFound(UI_TEXT.apiTokenNotFound);
  return { record, secret };
}

function tokenAudit(
  organizationId: string | null,
  action: 'api_token.created' | 'api_token.revoked',
  id: string,
  name: string,
  scopes: TokenScopes,
): AuditEvent[] {
  if (!organizationId) return [];
  const line: AuditEvent = { organizationId, action, target: { type: 'api_token', id, label: name } };
  return [action === 'api_token.created' ? { ...line, to: scopesText(scopes) } : { ...line, from: scopesText(scopes) }];
}

/** POST /api/users/profile/api-tokens. */
export async function createMyToken(db: Database, actor: Actor, body: CreateBody) {
  const organizationIds = await bindingFor(db, actor, body.organizationIds);
  return createToken(db, actor, body, {
    kind: 'personal',
    ownerCondition: and(eq(apiTokens.kind, 'personal'), eq(apiTokens.userId, actor.id)) as SQL,
    ownerKey: `user:${actor.id}`,
    userId: actor.id,
    organizationId: null,
    organizationIds,
    auditOrganizationId: actor.organizationId,
  });
}

/** POST /api/organizations/{id}/api-tokens. */
export async function createOrganizationToken(db: Database, actor: Actor, organizationId: string, body: CreateBody) {
  await requireManagesOrganizationTokens(db, actor, organizationId);
  if (body.organizationIds !== undefined) {
    throw badField('organizationIds', UI_TEXT.apiTokenOrganizationsAdvisorOnly);
  }
  return createToken(db, actor, body, {
    kind: 'organization',
    ownerCondition: and(eq(apiTokens.kind, 'organization'), eq(apiTokens.organizationId, organizationId)) as SQL,
    ownerKey: `organization:${organizationId}`,
    userId: null,
    organizationId,
    organizationIds: null,
    auditOrganizationId: organizationId,
  });
}

/** The token if the actor may see it, else 404 (missing, another's, another organization's). */
async function visibleToken(db: Database, actor: Actor, id: string): Promise<ApiTokenRecordRow> {
  const record = await findRecord(db, id);
  if (!record || !seesToken(actor, record.token)) throw notFound(UI_TEXT.apiTokenNotFound);
  return record;
}

/** The organization a token's audit lines go to: its own, or its owner's. */
const auditOrganizationOf = async (db: Database, record: ApiTokenRecordRow) => {
  if (record.token.organizationId) return record.token.organizationId;
  if (!record.token.userId) return null;
  const [row] = await db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, record.token.userId));
  return row?.organizationId ?? null;
};

/**
 * PATCH /api/api-tokens/{id}: its name, scopes, or an advisor token's organizations (each advised
 * now). A revoked token stays as it was (403).
 */
export async function updateToken(db: Database, actor: Actor, id: string, body: UpdateBody) {
  const record = await visibleToken(db, actor, id);
  if (!apiTokenPermissions(actor, record.token).canEdit) throw forbidden();
  let organizationIds: string[] | null | undefined;
  if (body.organizationIds !== undefined) {
    if (record.token.kind !== 'personal' || record.token.organizationIds === null) {
      throw badField('organizationIds', UI_TEXT.apiTokenOrganizationsAdvisorOnly);
    }
    organizationIds = await bindingFor(db, actor, body.organizationIds);
  }
  const changes = {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.scopes !== undefined && { scopes: grantedScopes(body.scopes) }),
    ...(organizationIds !== undefined && { organizationIds }),
  };
  await db.transaction(async (tx) => {
    // A body that changes nothing (`{}`) leaves the token as it is.
    if (Object.keys(changes).length > 0) await tx.update(apiTokens).set(changes).where(eq(apiTokens.id, id));
    // The service identity carries the token's name into history.
    if (body.name !== undefined && record.token.serviceUserId) {
      await tx.update(users).set({ firstName: body.name }).where(eq(users.id, record.token.serviceUserId));
    }
  });
  const updated = await findRecord(db, id);
  if (!updated) throw notFound(UI_TEXT.apiTokenNotFound);
  return updated;
}

/** DELETE /api/api-tokens/{id}: it stops at once (the next request's lookup finds it revoked). Again: nothing more. */
export async function revokeToken(db: Database, actor: Actor, id: string): Promise<void> {
  const record = await visibleToken(db, actor, id);
  if (record.token.revokedAt) return;
  if (!apiTokenPermissions(actor, record.token).canRevoke) throw forbidden();
  const auditOrganizationId = await auditOrganizationOf(db, record);
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` as unknown as Date })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    if (revoked.length === 0) return;
    await recordAudit(
      tx,
      actor.id,
      tokenAudit(auditOrganizationId, 'api_token.revoked', id, record.token.name, record.token.scopes),
    );
  });
}
