import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, ownerColumn } from './columns.js';

/**
 * Password reset links: at most one per user (a new request replaces the old one), stored as the
 * SHA-256 of the token only. A used link's row is deleted, so a link works once; an expired
 * one stays until the user's next request replaces it.
 */
export const passwordResets = pgTable('password_resets', {
  userId: ownerColumn('user_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
