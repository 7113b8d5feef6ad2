import { queryStringOf, type Role, type TimesheetPdfQuery, timeEntryEndpoints } from '@smart/contracts';
import { timeEntries } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';
import type { Factories } from './factories.js';

/**
 * A member (of `role`) of a new organization (other tests' lists stay as they expect them) with
 * `count` April 2031 entries of 30 minutes on a task there, written straight to the table as a
 * year of work would be.
 */
export async function personWithEntries(
  t: TestApp,
  make: Factories,
  count: number,
  note: (i: number) => string,
  role: Role = 'user',
) {
  const organization = await make.organization();
  const person = await make.member(organization.id, { role });
  const task = await make.task((await make.objective((await make.project(organization.id)).id)).id);
  await t.database.db.insert(timeEntries).values(
    Array.from({ length: count }, (_, i) => ({
      organizationId: organization.id,
      userId: person.id,
      recordType: 'task' as const,
      taskId: task.id,
      date: `2031-04-${String(1 + (i % 30)).padStart(2, '0')}`,
      minutes: 30,
      note: note(i),
    })),
  );
  return { organization, person };
}

/** The query of an organization's statement (GET /api/time-entries/timesheet.pdf), April 2031 unless told. */
export const statementQuery = (organizationId: string, from = '2031-04-01', to = '2031-04-30'): TimesheetPdfQuery => ({
  from,
  to,
  organizationId,
});

/** The April 2031 statement of an organization: GET /api/time-entries/timesheet.pdf. */
export const statementUrl = (organizationId: string, from?: string, to?: string) =>
  timeEntryEndpoints.timesheetPdf.path + queryStringOf(statementQuery(organizationId, from, to));
