import type { RunningTimer, TimeEntry } from '@smart/contracts';
import type { Actor } from '../../lib/tenancy.js';
import { presentUserSummary } from '../users/summary.js';
import { timeEntryPermissions } from './policy.js';
import type { RunningTimerRecord, TimeEntryRecord } from './service.js';

/** A row of selectTimeEntryRecords as the API shows it, with the caller's permissions. */
export function presentTimeEntry(actor: Actor, { entry, recordTitle, user }: TimeEntryRecord): TimeEntry {
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
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
    permissions: timeEntryPermissions(actor, entry),
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
