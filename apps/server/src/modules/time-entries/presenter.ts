import { decimalHours, type RunningTimer, type TimeEntry, type Timesheet } from '@smart/contracts';
import type { Actor } from '../../lib/tenancy.js';
import { presentUserSummary } from '../people/index.js';
import { timeEntryPermissions } from './policy.js';
import type { RunningTimerRecord, TimeEntryRecord, TimesheetRecord } from './service.js';

/** A row of selectTimeEntryRecords as the API shows it, with the caller's permissions. */
export function presentTimeEntry(actor: Actor, { entry, recordTitle, user, locked }: TimeEntryRecord): TimeEntry {
  return {
    id: entry.id,
    organizationId: entry.organizationId,
    recordType: entry.recordType,
    recordId: (entry.taskId ?? entry.ticketId) as string,
    recordTitle,
    user: user?.id ? presentUserSummary(user) : null,
    date: entry.date,
    minutes: entry.minutes,
    note: entry.note,
    billable: entry.billable,
    locked,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
    permissions: timeEntryPermissions(actor, entry, locked),
  };
}

export function presentRunningTimer(record: RunningTimerRecord | null): RunningTimer {
  if (!record) return null;
  const { timer, recordTitle } = record;
  return {
    recordType: timer.recordType,
    recordId: (timer.taskId ?? timer.ticketId) as string,
    recordTitle,
    organizationId: timer.organizationId,
    startedAt: timer.startedAt.toISOString(),
  };
}

/** The grouping-set rows as one block per organization: its weeks, its months and its total. */
export function presentTimesheet({ from, to, rows }: TimesheetRecord): Timesheet {
  const organizations = new Map<string, Timesheet['organizations'][number]>();
  for (const row of rows) {
    let block = organizations.get(row.organizationId);
    if (!block) {
      block = {
        organizationId: row.organizationId,
        organizationName: row.organizationName,
        minutes: 0,
        billableMinutes: 0,
        weeks: [],
        months: [],
      };
      organizations.set(row.organizationId, block);
    }
    const totals = { minutes: row.minutes, billableMinutes: row.billableMinutes };
    if (row.week) block.weeks.push({ weekStart: row.week, ...totals });
    else if (row.month) block.months.push({ month: row.month, ...totals });
    else Object.assign(block, totals);
  }
  return { from, to, organizations: [...organizations.values()] };
}

/** The timesheet CSV's columns, and an entry as one of its lines. */
export const TIMESHEET_COLUMNS = ['Date', 'Organization', 'Type', 'Task or ticket', 'Hours', 'Billable', 'Note'];

export function timesheetLine({ entry, recordTitle, organizationName }: TimeEntryRecord) {
  return [
    entry.date,
    organizationName,
    entry.recordType,
    recordTitle,
    decimalHours(entry.minutes),
    entry.billable ? 'yes' : 'no',
    entry.note,
  ];
}
