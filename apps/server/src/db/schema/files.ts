import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Metadata of an uploaded file; the bytes live in the storage backend under `key`. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type FileRow = typeof files.$inferSelect;
