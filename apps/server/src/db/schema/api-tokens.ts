import type { ApiTokenKind, TokenScopes } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, personColumn } from './columns.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

/**
 * API tokens (docs/decisions/0276-api-tokens-and-scopes.md). Only the SHA-256 of the secret is
 * stored. A personal token acts as its owner (`user_id`); an organization token acts as its own
 * service identity (`service_user_id`: a users row that can never sign in, `is_service`), as an
 * org_admin of `organization_id`, so history and the audit log name the token. Either way it acts
 * with its scopes intersected with what that identity may do at the time of the request.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    kind: text('kind').$type<ApiTokenKind>().notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** `smart_pat_` and the secret's first characters: shown in lists to tell tokens apart. */
    prefix: text('prefix').notNull(),
    scopes: jsonb('scopes').$type<TokenScopes>().notNull(),
    /** A personal token's owner (its rights, its notices). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** An organization token's organization. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** An organization token's service identity. */
    serviceUserId: uuid('service_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Who made it (an organization token outlives its maker). */
    createdById: personColumn('created_by_id'),
    /** An advisor's personal token: the organizations it may reach; null for every other token. */
    organizationIds: uuid('organization_ids').array(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The "expires in 7 days" e-mail went (exactly once). */
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
  },
  (table) => [
    index('api_tokens_user_idx').on(table.userId, table.createdAt),
    index('api_tokens_organization_idx').on(table.organizationId, table.createdAt),
    // The expiry-notice sweep: live tokens not yet told, by expiry.
    index('api_tokens_expiry_notice_idx')
      .on(table.expiresAt)
      .where(sql`${table.revokedAt} is null and ${table.expiryNoticeSentAt} is null`),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** The addresses a token was used from: a new one tells the owner (a security notice), once. */
export const apiTokenAddresses = pgTable(
  'api_token_addresses',
  {
    tokenId: uuid('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    firstSeenAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tokenId, table.address] })],
);
