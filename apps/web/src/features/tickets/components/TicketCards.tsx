import { Card, Group, Stack, Text } from '@mantine/core';
import { displayName, type Ticket } from '@smart/contracts';
import { formatDate } from '../ticket-labels';
import { TicketBadgesLine } from './TicketBadges';
import { type TicketAction, TicketRowActions } from './TicketRowActions';
import classes from './TicketsTable.module.css';
import { TicketTitleLink } from './TicketTitleLink';

interface TicketCardsProps {
  tickets: Ticket[];
  withOrganization: boolean;
  onAction: (action: TicketAction, ticket: Ticket) => void;
}

/**
 * The list on a narrow screen: one card per ticket with what the table's columns hold,
 * read top to bottom, and its actions, instead of a table scrolled sideways.
 */
export function TicketCards({ tickets, withOrganization, onAction }: TicketCardsProps) {
  return (
    <Stack gap="sm">
      {tickets.map((ticket) => (
        <Card key={ticket.id} withBorder radius="md" padding="sm" component="article" aria-label={ticket.title}>
          <Stack gap={6}>
            <TicketTitleLink ticket={ticket} lines={3} weight={600} />
            {withOrganization && (
              <Text size="sm" fw={500} className={classes.wrap}>
                {ticket.organizationName}
              </Text>
            )}
            <TicketBadgesLine ticket={ticket} />
            <Text size="sm" c="dimmed" className={classes.wrap}>
              Created by {displayName(ticket.createdBy, 'Unknown')} · {formatDate(ticket.createdAt)}
            </Text>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" className={classes.wrap}>
                {ticket.assignedTo ? `Assigned to ${displayName(ticket.assignedTo)}` : 'Unassigned'}
              </Text>
              <TicketRowActions ticket={ticket} onAction={onAction} />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
