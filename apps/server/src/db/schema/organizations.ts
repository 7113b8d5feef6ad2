import {
  type BusinessHours,
  DEFAULT_BUSINESS_HOURS,
  MAX_ORGANIZATION_SEATS,
  SUBSCRIPTION_PLAN,
} from '@smart/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, personColumn, timestamps } from './columns.js';

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
    id: id(),
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
    /** Set while the organization account is closed: its people cannot sign in; nothing is deleted. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Who closed it (its org_admin or an admin); cleared on reopening. */
    /** Its people must have a second factor; they enrol at their next sign-in (the platform organization: staff). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** Its subscription's seats: active members beyond them are refused (not in the platform organization). */
    seats: integer('seats').notNull().default(SUBSCRIPTION_PLAN.seats),
    closedBy: personColumn('closed_by'),
    /** Set when its erasure began (decision 0265): a job deletes it in batches; it cannot be reopened. */
    erasureStartedAt: timestamp('erasure_started_at', { withTimezone: true }),
    /**
     * Its IANA time zone: its repeating tasks' "today" and its service hours. Set by its org_admin;
     * a new organization takes its creator's.
     */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Its working week (local "HH:MM" per weekday, null: closed): its tickets' business hours. */
    businessHours: jsonb('business_hours').$type<BusinessHours>().notNull().default(DEFAULT_BUSINESS_HOURS),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('organizations_name_unique').on(sql`lower(${table.name})`),
    check('organizations_seats', sql`${table.seats} between 1 and ${sql.raw(String(MAX_ORGANIZATION_SEATS))}`),
  ],
);

export type OrganizationRow = typeof organizations.$inferSelect;
