import { MAX_TIME_ENTRY_MINUTES, TIME_RECORD_TYPES } from '@smart/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, organizationColumn, ownerColumn, personColumn, timestamps } from './columns.js';
import { sameOrganization } from './same-organization.js';
import { tickets } from './tickets.js';
import { tasks } from './work.js';

/**
 * Time spent on a task or a ticket: advisors' billable hours, anyone's work. An entry
 * names its record by one of two references kept inside the record's organization
 * (sameOrganization), so it goes with the record and can never point at another tenant's.
 */
export const timeRecordTypeEnum = pgEnum('time_record_type', TIME_RECORD_TYPES);

/** The reference its type names is set, the other one is not. */
const oneRecord = (table: { recordType: AnyPgColumn; taskId: AnyPgColumn; ticketId: AnyPgColumn }) =>
  sql`(${table.recordType} = 'task' and ${table.taskId} is not null and ${table.ticketId} is null)
    or (${table.recordType} = 'ticket' and ${table.ticketId} is not null and ${table.taskId} is null)`;

export const timeEntries = pgTable(
  'time_entries',
  {
    id: id(),
    organizationId: organizationColumn(),
    /** Who worked; the entry stays when the person leaves (its hours were worked). */
    userId: personColumn('user_id'),
    recordType: timeRecordTypeEnum('record_type').notNull(),
    taskId: uuid('task_id'),
    ticketId: uuid('ticket_id'),
    /** The day worked, in the person's own zone. */
    date: date('date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    note: text('note').notNull().default(''),
    billable: boolean('billable').notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    sameOrganization(table, 'taskId', () => tasks, 'cascade'),
    sameOrganization(table, 'ticketId', () => tickets, 'cascade'),
    check('time_entries_one_record', oneRecord(table)),
    check('time_entries_minutes', sql`${table.minutes} between 1 and ${sql.raw(String(MAX_TIME_ENTRY_MINUTES))}`),
    // A record's total and entries; a person's timesheet; an organization's range (analytics).
    index('time_entries_task_date_idx').on(table.taskId, table.date).where(sql`${table.taskId} is not null`),
    index('time_entries_ticket_date_idx').on(table.ticketId, table.date).where(sql`${table.ticketId} is not null`),
    index('time_entries_user_date_idx').on(table.userId, table.date, table.id),
    index('time_entries_organization_date_idx').on(table.organizationId, table.date, table.id),
  ],
);
export type TimeEntryRow = typeof timeEntries.$inferSelect;

/**
 * A person's running timer: at most one (the key), seen from every device. It names its record as
 * an entry does, so it goes with the record.
 */
export const runningTimers = pgTable(
  'running_timers',
  {
    userId: ownerColumn('user_id').primaryKey(),
    organizationId: organizationColumn(),
    recordType: timeRecordTypeEnum('record_type').notNull(),
    taskId: uuid('task_id'),
    ticketId: uuid('ticket_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    sameOrganization(table, 'taskId', () => tasks, 'cascade'),
    sameOrganization(table, 'ticketId', () => tickets, 'cascade'),
    check('running_timers_one_record', oneRecord(table)),
  ],
);
export type RunningTimerRow = typeof runningTimers.$inferSelect;
