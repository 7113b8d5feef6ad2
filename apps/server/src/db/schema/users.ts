import type { EmailDigest, NotificationPreferences } from '@smart/contracts';
import { ROLES } from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ownerColumn, timestamps } from './columns.js';
import { departments } from './departments.js';
import { organizations } from './organizations.js';
import { organizationKey, sameOrganization, type TenantTable } from './same-organization.js';

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Always stored lower-case; unique. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('user'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    profileImage: text('profile_image'),
    phone: text('phone'),
    jobTitle: text('job_title'),
    bio: text('bio'),
    location: text('location'),
    website: text('website'),
    experience: text('experience'),
    specialties: text('specialties').array().notNull().default([]),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'restrict' }),
    /** A department of the same organization (sameOrganization below). */
    departmentId: uuid('department_id'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * An organization API token's service identity (api-tokens.ts): it has no organization of its
     * own (no member list shows it), no usable password, and acts only through its token.
     */
    isService: boolean('is_service').notNull().default(false),
    /**
     * A service identity's organization (its token's): not `organization_id`, so no member list,
     * count or seat shows it; the organization's export and erasure reach it through this.
     */
    serviceOrganizationId: uuid('service_organization_id').references(() => organizations.id, {
      onDelete: 'restrict',
    }),
    /** Null means "the defaults"; a partial update stores the merged whole. */
    notificationPreferences: jsonb('notification_preferences').$type<NotificationPreferences>(),
    /** The confirmed TOTP secret, encrypted (lib/secret-box.ts); null: no second factor. */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret being enrolled (setup done, not yet confirmed by a code), encrypted. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code's step cannot be used twice. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** IANA zone of reminders and digests; null until set (UTC meanwhile). */
    timeZone: text('time_zone'),
    emailDigest: text('email_digest').$type<EmailDigest>().notNull().default('off'),
    /** The phone number a code was confirmed for: SMS go only while it equals `phone`. */
    phoneVerified: text('phone_verified'),
    ...timestamps(),
  },
  // Lists order by name (last, first, id): these indexes let a page, even a deep one, be read in
  // order without sorting the table; the partial ones let member counts read only the index.
  (table) => [
    index('users_organization_name_idx').on(table.organizationId, table.lastName, table.firstName, table.id),
    index('users_name_idx').on(table.lastName, table.firstName, table.id),
    index('users_department_idx').on(table.departmentId),
    index('users_active_organization_idx').on(table.organizationId).where(sql`${table.isActive}`),
    index('users_active_department_idx').on(table.departmentId).where(sql`${table.isActive}`),
    // The Team Members page's Inactive filter: a page and its total without walking the active members.
    index('users_inactive_organization_name_idx')
      .on(table.organizationId, table.lastName, table.firstName, table.id)
      .where(sql`not ${table.isActive}`),
    // The admin's advisors list (GET /api/users/advisors): a handful of staff among 200k users, read
    // in name order without scanning the table.
    index('users_advisors_name_idx')
      .on(table.lastName, table.firstName, table.id)
      .where(sql`${table.role} = 'advisor'`),
    organizationKey(table),
    // Trigram index for "name or e-mail contains" (GET /api/users?search=): no scan of 200k users.
    // Organization first (btree_gin): one organization's search reads its own entries.
    index('users_organization_search_idx').using(
      'gin',
      table.organizationId,
      sql`(${userSearchText(table)}) gin_trgm_ops`,
    ),
    sameOrganization(table, 'departmentId', (): TenantTable => departments, 'set null'),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * What a user search looks in: "first last e-mail". A query must use this very expression for the
 * trigram index (users_organization_search_idx) to answer it.
 */
export function userSearchText(table: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }): SQL {
  return sql`${table.firstName} || ' ' || ${table.lastName} || ' ' || ${table.email}`;
}

/** Single-use recovery codes of a second factor; only their hashes are stored. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: ownerColumn('user_id'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('two_factor_recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

/**
 * The step between a correct password and a session for an account with a second factor: a
 * short-lived token (only its hash stored) that lets its holder try a code, a few times.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    userId: ownerColumn('user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('login_challenges_user_idx').on(table.userId)],
);
