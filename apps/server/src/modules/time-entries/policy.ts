import { TIME_ENTRY_EDIT_DAYS, type TimeEntry } from '@smart/contracts';
import { type Actor, isMemberOf, seesAllOrganizations } from '../../lib/tenancy.js';
import { canChangeWorkRecord } from '../projects/index.js';
import { canUpdateTaskProgress, type TaskAccess, type TaskAccessRecord } from '../tasks/index.js';
import { canChangeTicketStatus, canEditTicket, type TicketAccess, type TicketAccessRecord } from '../tickets/index.js';

/**
 * Who may record and change time. Time is recorded on a record by whoever may change
 * it: a task's assignee (an advisor acting in the organization included), its creator, the
 * organization's org_admin, admin; a ticket's editors and assignee (its organization's active
 * advisors included). The service enforces these functions and the presenter sends them as
 * `permissions`.
 */

export const canRecordTimeOnTask = (access: TaskAccess, task: TaskAccessRecord) =>
  canUpdateTaskProgress(access, task) || canChangeWorkRecord(access.actor, task);

export const canRecordTimeOnTicket = (access: TicketAccess, ticket: TicketAccessRecord) =>
  canEditTicket(access, ticket) || canChangeTicketStatus(access, ticket);

/** The entry fields its rules depend on. */
export interface TimeEntryAccessRecord {
  organizationId: string;
  userId: string | null;
  createdAt: Date;
}

const EDIT_WINDOW_MS = TIME_ENTRY_EDIT_DAYS * 24 * 60 * 60 * 1000;

/** Leads the organization's time: its org_admin, admin. */
export const leadsTimeIn = (actor: Actor, organizationId: string) =>
  seesAllOrganizations(actor) || (actor.role === 'org_admin' && isMemberOf(actor, organizationId));

/** Whether the entry is one's own and young enough to change: TIME_ENTRY_EDIT_DAYS after it was made. */
export const isOwnRecentEntry = (actor: Actor, entry: TimeEntryAccessRecord, now = new Date()) =>
  entry.userId === actor.id && now.getTime() - entry.createdAt.getTime() <= EDIT_WINDOW_MS;

/**
 * Changing or deleting: X's org_admin and admin any time; one's own entry for TIME_ENTRY_EDIT_DAYS
 * while one may still record time on its record (`recordsOnItsRecord`: the record's rule above,
 * now, so an advisor whose assignment ended, a member moved elsewhere or one whose task was handed
 * over no longer changes its time there).
 */
export const canChangeTimeEntry = (actor: Actor, entry: TimeEntryAccessRecord, recordsOnItsRecord: boolean) =>
  leadsTimeIn(actor, entry.organizationId) || (recordsOnItsRecord && isOwnRecentEntry(actor, entry));

/**
 * Reading an entry outside its record's page: one's own, and X's org_admin and admin all of X's
 * (the record's page shows its entries to whoever reads the record).
 */
export const readsAllTimeIn = leadsTimeIn;

/**
 * What the caller may do with an entry it is shown. Whether it still records on the entry's record
 * is not read per row of a list: an own entry is offered within its window, and a change refused
 * because the record was lost says so (service.ts, changeableEntry).
 */
export function timeEntryPermissions(
  actor: Actor,
  entry: TimeEntryAccessRecord,
  locked: boolean,
): TimeEntry['permissions'] {
  // An entry in submitted or approved time changes for nobody until it is returned or reopened.
  const changes = !locked && canChangeTimeEntry(actor, entry, true);
  return { canEdit: changes, canDelete: changes };
}
