import {
  AUDIT_ACTION_LABELS,
  auditValueText,
  EXPORT_COLUMNS,
  EXPORT_ORGANIZATION_COLUMN,
  type ExportColumn,
  type ExportKind,
  type TicketSla,
} from '@smart/contracts';
import type { CsvValue } from '../../lib/csv.js';
import type { AuditLine } from '../audit-log/index.js';
import type { UserSummaryRow } from '../people/index.js';
import type { ProjectRecord } from '../projects/index.js';
import type { TaskRecord } from '../tasks/index.js';
import { presentTicketSla, type TicketRecord } from '../tickets/index.js';
import type { TimeEntryRecord } from '../time-entries/index.js';
import type { UserRecord } from '../users/index.js';

/** A row of a kind's file: a value under each of its headings (contracts' EXPORT_COLUMNS). */
export type ExportLine<K extends ExportKind> = Record<ExportColumn<K>, CsvValue>;

/** The headings a caller's file has: the Organization column only for whoever reaches several. */
export const columnsOf = <K extends ExportKind>(kind: K, severalOrganizations: boolean): ExportColumn<K>[] =>
  (EXPORT_COLUMNS[kind] as readonly ExportColumn<K>[]).filter(
    (column) => severalOrganizations || column !== EXPORT_ORGANIZATION_COLUMN,
  );

/** The line's cells under the headings, in their order. */
export const cellsOf = <K extends ExportKind>(columns: readonly ExportColumn<K>[], line: ExportLine<K>): CsvValue[] =>
  columns.map((column) => line[column]);

const iso = (date: Date | null) => date?.toISOString() ?? null;
const nameOf = (person: UserSummaryRow | null) => (person ? `${person.firstName} ${person.lastName}`.trim() : null);

export function ticketLine({ ticket, ...record }: TicketRecord): ExportLine<'tickets'> {
  return {
    ID: ticket.id,
    Title: ticket.title,
    Organization: record.organizationName,
    Status: ticket.status,
    Priority: ticket.priority,
    Category: ticket.category,
    'Created by': nameOf(record.createdBy),
    'Created by e-mail': record.createdBy?.email,
    Assignee: nameOf(record.assignee),
    'Assignee e-mail': record.assignee?.email,
    Created: iso(ticket.createdAt),
    Updated: iso(ticket.updatedAt),
    Resolved: iso(ticket.resolvedAt),
    Closed: iso(ticket.closedAt),
    Comments: record.commentCount,
    ...slaCells(ticket),
    Description: ticket.description,
  };
}

/** A target's outcome in a cell: met, missed, running or paused; blank without one. */
function slaOutcome(target: TicketSla['targets'][number] | undefined, paused: boolean): string | null {
  if (!target) return null;
  if (target.metAt) return target.breached ? 'missed' : 'met';
  if (target.breached) return 'missed';
  return paused ? 'paused' : 'running';
}

/** The service-level columns of a ticket (blank when its priority had no targets). */
function slaCells(ticket: TicketRecord['ticket']) {
  const sla = presentTicketSla(ticket);
  const target = (kind: 'first_response' | 'resolution') => sla?.targets.find((one) => one.kind === kind);
  const paused = Boolean(sla?.pausedAt);
  return {
    'SLA clock': sla?.clock ?? null,
    'First response due': target('first_response')?.dueAt ?? null,
    'First responded': iso(ticket.firstRespondedAt),
    'First response SLA': slaOutcome(target('first_response'), paused),
    'Resolution due': target('resolution')?.dueAt ?? null,
    'Resolution SLA': slaOutcome(target('resolution'), paused),
  };
}

export function taskLine({ task, ...record }: TaskRecord): ExportLine<'tasks'> {
  return {
    ID: task.id,
    Title: task.title,
    Organization: record.organizationName,
    Project: record.project.title,
    Objective: record.objective.title,
    Status: task.status,
    Priority: task.priority,
    'Progress (%)': task.progress,
    'Due date': task.dueDate,
    Assignee: nameOf(record.assignee),
    'Assignee e-mail': record.assignee?.email,
    'Created by': nameOf(record.createdBy),
    'Created by e-mail': record.createdBy?.email,
    Created: iso(task.createdAt),
    Updated: iso(task.updatedAt),
    Description: task.description,
  };
}

export function projectLine({
  project,
  ...record
}: ProjectRecord & { organizationName: string }): ExportLine<'projects'> {
  return {
    ID: project.id,
    Title: project.title,
    Organization: record.organizationName,
    Status: project.status,
    Priority: project.priority,
    'Start date': project.startDate,
    'Due date': project.dueDate,
    'Progress (%)': record.progress,
    Objectives: record.objectiveCount,
    Tasks: record.taskCount,
    'Completed tasks': record.completedTaskCount,
    Team: record.team?.name,
    Tags: project.tags.join(', '),
    'Created by': nameOf(record.createdBy),
    'Created by e-mail': record.createdBy?.email,
    Created: iso(project.createdAt),
    Updated: iso(project.updatedAt),
    Description: project.description,
  };
}

export function memberLine({ user, ...record }: UserRecord): ExportLine<'members'> {
  return {
    'First name': user.firstName,
    'Last name': user.lastName,
    'E-mail': user.email,
    'Job title': user.jobTitle,
    Department: record.departmentName,
    Phone: user.phone,
    Role: user.role,
    Organization: record.organizationName,
    Status: user.isActive ? 'active' : 'inactive',
    Joined: iso(user.createdAt),
    ID: user.id,
  };
}

export function timeEntryLine({ entry, ...record }: TimeEntryRecord): ExportLine<'time-entries'> {
  return {
    ID: entry.id,
    Date: entry.date,
    Organization: record.organizationName,
    Person: nameOf(record.user),
    'Person e-mail': record.user?.email,
    'Record type': entry.recordType,
    'Record ID': entry.taskId ?? entry.ticketId,
    Record: record.recordTitle,
    Minutes: entry.minutes,
    Hours: (entry.minutes / 60).toFixed(2),
    Billable: entry.billable ? 'yes' : 'no',
    Note: entry.note,
    Created: iso(entry.createdAt),
  };
}

export function auditLogLine(line: AuditLine): ExportLine<'audit-log'> {
  return {
    When: iso(line.createdAt),
    Person: nameOf(line.actor),
    'Person e-mail': line.actor?.email,
    Action: line.action,
    What: AUDIT_ACTION_LABELS[line.action],
    About: line.targetLabel,
    // The values in the page's words ('In Progress', '100%'), not the stored codes (decision 0200).
    From: line.fromValue && auditValueText(line.action, line.fromValue),
    To: line.toValue && auditValueText(line.action, line.toValue),
    Times: line.count,
    ID: line.id,
  };
}
