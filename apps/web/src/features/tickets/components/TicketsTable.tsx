import { Anchor, Table, Text } from '@mantine/core';
import { displayName, type Ticket } from '@smart/contracts';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { formatDate, valueLabel } from '../ticket-labels';
import { PriorityBadge, StatusBadge } from './TicketBadges';
import { type TicketAction, TicketRowActions } from './TicketRowActions';

interface TicketsTableProps {
  tickets: Ticket[];
  onAction: (action: TicketAction, ticket: Ticket) => void;
}

/** The eight columns of section 2; on a narrow screen the table scrolls sideways inside its frame. */
export function TicketsTable({ tickets, onAction }: TicketsTableProps) {
  return (
    <Table.ScrollContainer minWidth={960} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Priority</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Created By</Table.Th>
            <Table.Th>Assigned To</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.id}>
              <Table.Td maw={280}>
                <Anchor component={Link} to={paths.ticket(ticket.id)} fw={500} lineClamp={2}>
                  {ticket.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={ticket.status} />
              </Table.Td>
              <Table.Td>
                <PriorityBadge priority={ticket.priority} />
              </Table.Td>
              <Table.Td>{valueLabel(ticket.category)}</Table.Td>
              <Table.Td>{displayName(ticket.createdBy, 'Unknown')}</Table.Td>
              <Table.Td>
                {ticket.assignedTo ? (
                  displayName(ticket.assignedTo)
                ) : (
                  <Text span c="dimmed" inherit>
                    Unassigned
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(ticket.createdAt)}</Table.Td>
              <Table.Td>
                <TicketRowActions ticket={ticket} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
