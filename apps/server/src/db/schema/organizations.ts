import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export interface PostalAddress {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  country?: string | null;
}

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    website: text('website'),
    description: text('description'),
    domain: text('domain'),
    logo: text('logo'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    address: jsonb('address').$type<PostalAddress>(),
    /** The platform's own organization (SMART), home of admins and advisors. */
    isPlatform: boolean('is_platform').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('organizations_name_unique').on(sql`lower(${table.name})`)],
);

export type OrganizationRow = typeof organizations.$inferSelect;
