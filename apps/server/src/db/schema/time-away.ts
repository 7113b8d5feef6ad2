import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationColumn, ownerColumn, personColumn } from './columns.js';

/**
 * An advisor's time away (decision 0288): dates in its availability's zone, both included. While
 * away it offers no sessions, and each organization's substitute takes the tickets assigned to it.
 */
export const advisorAbsences = pgTable(
  'advisor_absences',
  {
    id: id(),
    advisorId: ownerColumn('advisor_id'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    note: text('note'),
    createdBy: personColumn('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    index('advisor_absences_advisor_ends_idx').on(table.advisorId, table.endsOn),
    check('advisor_absences_dates_check', sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);

/** Who stands in for the absent advisor in one organization (another advisor assigned to it). */
export const absenceSubstitutes = pgTable(
  'absence_substitutes',
  {
    absenceId: uuid('absence_id')
      .notNull()
      .references(() => advisorAbsences.id, { onDelete: 'cascade' }),
    organizationId: organizationColumn(),
    substituteId: ownerColumn('substitute_id'),
  },
  (table) => [
    primaryKey({ columns: [table.absenceId, table.organizationId] }),
    index('absence_substitutes_substitute_idx').on(table.substituteId),
  ],
);

export type AdvisorAbsenceRow = typeof advisorAbsences.$inferSelect;

/** A session booked inside time away, told once to its advisor and org_admins (the week-ahead sweep). */
export const absenceSessionNotices = pgTable(
  'absence_session_notices',
  {
    absenceId: uuid('absence_id')
      .notNull()
      .references(() => advisorAbsences.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.absenceId, table.meetingId] })],
);
