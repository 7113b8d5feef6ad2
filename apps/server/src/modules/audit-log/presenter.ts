import { type AuditAction, type AuditEntry, type AuditTargetType, recordPaths } from '@smart/contracts';
import { summaryOrNull, type UserSummaryRow } from '../people/index.js';

/** A line of the log as the service reads it: an audit event's or a task's or ticket's history. */
export interface AuditLine {
  id: string;
  organizationId: string;
  action: AuditAction;
  actor: UserSummaryRow | null;
  targetType: AuditTargetType;
  targetId: string | null;
  targetLabel: string;
  fromValue: string | null;
  toValue: string | null;
  /** How many times it happened (identical exports within the window are one line). */
  count: number;
  createdAt: Date;
  /** Where a keyset read continues after this line. */
  key: { createdAt: string; id: string };
  /** A task line's task, where it still is (its address names its project and objective). */
  task: { projectId: string; objectiveId: string } | null;
}

/** Where the line's record opens in the app: a task or ticket that still exists. */
function targetPath(line: AuditLine): string | null {
  if (!line.targetId) return null;
  if (line.targetType === 'task') {
    return line.task ? recordPaths.task(line.task.projectId, line.task.objectiveId, line.targetId) : null;
  }
  return line.targetType === 'ticket' ? recordPaths.ticket(line.targetId) : null;
}

export const presentAuditLine = (line: AuditLine): AuditEntry => ({
  id: line.id,
  organizationId: line.organizationId,
  action: line.action,
  actor: summaryOrNull(line.actor),
  target: { type: line.targetType, id: line.targetId, label: line.targetLabel, path: targetPath(line) },
  from: line.fromValue,
  to: line.toValue,
  count: line.count,
  createdAt: line.createdAt.toISOString(),
});
