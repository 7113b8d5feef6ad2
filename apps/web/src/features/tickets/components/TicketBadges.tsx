import { Badge, Group } from '@mantine/core';
import type { Ticket, TicketPriority } from '@smart/contracts';
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

/** Status, priority and category side by side, under a ticket's title. */
export function TicketBadgesLine({ ticket }: { ticket: Pick<Ticket, 'status' | 'priority' | 'category'> }) {
  return (
    <Group gap="xs">
      <StatusBadge status={ticket.status} />
      <PriorityBadge priority={ticket.priority} />
      <Badge color="gray" variant="dot">
        {valueLabel(ticket.category)}
      </Badge>
    </Group>
  );
}
