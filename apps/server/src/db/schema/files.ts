import { ATTACHABLE_RECORD_TYPES } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, personColumn } from './columns.js';
import { organizations } from './organizations.js';

export const attachableRecordTypeEnum = pgEnum('attachable_record_type', ATTACHABLE_RECORD_TYPES);

/**
 * Metadata of an uploaded file; the bytes live in the storage backend under `key`. A file attached
 * to a record (record_type, record_id, in the record's organization) is readable only by those who
 * may read the record; one without a record is public by its unguessable key (avatars, logos).
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    key: text('key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: personColumn('uploaded_by'),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    recordType: attachableRecordTypeEnum('record_type'),
    recordId: uuid('record_id'),
    /** Order among its record's files where the order matters (a template's fileIndex); null elsewhere. */
    position: integer('position'),
    /**
     * When it became a picture (avatar, logo, department image): only then is it public by key.
     * A fresh upload is private to its uploader until attached to a record or published.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('files_record_idx').on(table.recordType, table.recordId, table.createdAt),
    // The storage quota: an organization's bytes summed from the index alone.
    index('files_organization_size_idx').on(table.organizationId, table.size),
    // The clean-up of uploads never used: the oldest first, without scanning attached files.
    index('files_unused_idx')
      .on(table.createdAt)
      .where(sql`${table.recordType} is null and ${table.publishedAt} is null`),
  ],
);

export type FileRow = typeof files.$inferSelect;
