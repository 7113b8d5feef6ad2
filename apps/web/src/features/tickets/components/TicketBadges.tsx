import { Badge, Group } from '@mantine/core';
import type { Ticket, TicketPriority } from '@smart/contracts';
import { PRIORITY_COLORS, statusColor, valueLabel } from '../ticket-labels';

/** A badge keeps its whole word: a table column never squeezes it to 'IN PROG…'. */
const BADGE_STYLE = { flexShrink: 0, minWidth: 'max-content' } as const;

export function StatusBadge({ status, size }: { status: string; size?: 'sm' }) {
  return (
    <Badge color={statusColor(status)} variant="light" style={BADGE_STYLE} size={size}>
      {valueLabel(status)}
    </Badge>
  );
}

export function PriorityBadge({ priority, size }: { priority: TicketPriority; size?: 'sm' }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="outline" style={BADGE_STYLE} size={size}>
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
