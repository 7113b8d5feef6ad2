import { Badge } from '@mantine/core';
import type { ObjectiveStatus, ProjectStatus, TaskStatus, WorkPriority } from '@smart/contracts';
import { priorityColor, priorityLabel, statusColor, statusLabel } from '@/lib/work-format';

/** A project's, objective's or task's status as a coloured badge. */
export function StatusBadge({ status }: { status: ProjectStatus | ObjectiveStatus | TaskStatus }) {
  return (
    <Badge variant="light" color={statusColor(status)} style={{ flexShrink: 0 }}>
      {statusLabel(status)}
    </Badge>
  );
}

/** A priority as a badge: 'High priority' to a screen reader, 'High' on screen. */
export function PriorityBadge({ priority }: { priority: WorkPriority }) {
  return (
    <Badge
      variant="outline"
      color={priorityColor(priority)}
      aria-label={`${priorityLabel(priority)} priority`}
      style={{ flexShrink: 0 }}
    >
      {priorityLabel(priority)}
    </Badge>
  );
}
