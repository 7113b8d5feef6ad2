import { Table, Text } from '@mantine/core';
import { displayName, type Ticket, type TicketSort } from '@smart/contracts';
import { SortHeader } from '@/components/SortHeader';
import type { ListSort } from '@/lib/list-address';
import { formatDate, valueLabel } from '../ticket-labels';
import { PriorityBadge, StatusBadge } from './TicketBadges';
import { type TicketAction, TicketRowActions } from './TicketRowActions';
import classes from './TicketsTable.module.css';
import { TicketTitleLink } from './TicketTitleLink';

interface TicketsTableProps {
  tickets: Ticket[];
  sort: ListSort<TicketSort>;
  onSort: (key: TicketSort) => void;
  /** The Organization column, for whoever reaches several organizations. */
  withOrganization: boolean;
  onAction: (action: TicketAction, ticket: Ticket) => void;
}

/**
 * Each column's width; the title takes the rest. The table is laid out by these (fixed layout), so
 * a long word in a title wraps inside its column instead of widening the table.
 */
const COLUMN_WIDTHS = {
  organization: 118,
  status: 108,
  priority: 84,
  category: 88,
  createdBy: 100,
  assignedTo: 100,
  createdAt: 96,
  actions: 134,
} as const;
const TITLE_MIN_WIDTH = 128;

/** The table's narrowest: below it the list shows cards instead (TicketsPage). */
export function ticketsTableMinWidth(withOrganization: boolean): number {
  const { organization, ...others } = COLUMN_WIDTHS;
  const columns = Object.values(others).reduce((sum, width) => sum + width, TITLE_MIN_WIDTH);
  return withOrganization ? columns + organization : columns;
}

/**
 * The eight columns (and Organization), each heading sorting the list.
 * Titles wrap, even inside one long word, and show whole on hover; the actions stay in view.
 */
export function TicketsTable({ tickets, sort, onSort, withOrganization, onAction }: TicketsTableProps) {
  const heading = (label: string, key: TicketSort, width?: number) => (
    <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} width={width} />
  );
  return (
    <Table.ScrollContainer minWidth={ticketsTableMinWidth(withOrganization)} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing={8} layout="fixed">
        <Table.Thead>
          <Table.Tr>
            {heading('Title', 'title')}
            {withOrganization && heading('Organization', 'organization', COLUMN_WIDTHS.organization)}
            {heading('Status', 'status', COLUMN_WIDTHS.status)}
            {heading('Priority', 'priority', COLUMN_WIDTHS.priority)}
            {heading('Category', 'category', COLUMN_WIDTHS.category)}
            {heading('Created By', 'createdBy', COLUMN_WIDTHS.createdBy)}
            {heading('Assigned To', 'assignedTo', COLUMN_WIDTHS.assignedTo)}
            {heading('Created', 'createdAt', COLUMN_WIDTHS.createdAt)}
            <Table.Th w={COLUMN_WIDTHS.actions} className={classes.actions}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.id}>
              <Table.Td>
                <TicketTitleLink ticket={ticket} lines={2} weight={500} />
              </Table.Td>
              {withOrganization && (
                <Table.Td>
                  <Text inherit lineClamp={2} title={ticket.organizationName} className={classes.wrap}>
                    {ticket.organizationName}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>
                <StatusBadge status={ticket.status} size="sm" />
              </Table.Td>
              <Table.Td>
                <PriorityBadge priority={ticket.priority} size="sm" />
              </Table.Td>
              <Table.Td className={classes.wrap}>{valueLabel(ticket.category)}</Table.Td>
              <Table.Td className={classes.wrap}>{displayName(ticket.createdBy, 'Unknown')}</Table.Td>
              <Table.Td className={classes.wrap}>
                {ticket.assignedTo ? (
                  displayName(ticket.assignedTo)
                ) : (
                  <Text span c="dimmed" inherit>
                    Unassigned
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(ticket.createdAt)}</Table.Td>
              <Table.Td className={classes.actions}>
                <TicketRowActions ticket={ticket} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
