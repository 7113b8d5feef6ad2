import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerColumn } from './columns.js';

/** Bearer sessions. Only the SHA-256 of a token is stored, never the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: ownerColumn('user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
