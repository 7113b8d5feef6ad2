import { Badge } from '@mantine/core';
import type { TicketPriority } from '@smart/contracts';
import { PRIORITY_COLORS, statusColor, valueLabel } from '../ticket-labels';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor(status)} variant="light" style={{ flexShrink: 0 }}>
      {valueLabel(status)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="outline" style={{ flexShrink: 0 }}>
      {valueLabel(priority)}
    </Badge>
  );
}
