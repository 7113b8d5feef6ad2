import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { Ticket } from '@smart/contracts';
import type { ReactNode } from 'react';
import { HiEye, HiPencil, HiTrash, HiUserAdd } from 'react-icons/hi';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** What a row's buttons open; the list page holds the dialogs. */
export type TicketAction = 'edit' | 'assign' | 'delete';

interface TicketRowActionsProps {
  ticket: Ticket;
  onAction: (action: TicketAction, ticket: Ticket) => void;
}

function Action({
  label,
  children,
  ...props
}: {
  label: string;
  children: ReactNode;
  color?: string;
  onClick?: () => void;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" aria-label={label} {...props}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** View, and edit, assign and delete as the row's permissions allow (the server refuses the rest). */
export function TicketRowActions({ ticket, onAction }: TicketRowActionsProps) {
  const { canEdit, canAssign, canDelete } = ticket.permissions;
  const named = (verb: string) => `${verb} ${ticket.title}`;
  return (
    <Group gap={2} wrap="nowrap">
      <Tooltip label="View" withArrow>
        <ActionIcon variant="subtle" component={Link} to={paths.ticket(ticket.id)} aria-label={named('View')}>
          <HiEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {canEdit && (
        <Action label={named('Edit')} onClick={() => onAction('edit', ticket)}>
          <HiPencil size={18} aria-hidden />
        </Action>
      )}
      {canAssign && (
        <Action label={named('Assign')} onClick={() => onAction('assign', ticket)}>
          <HiUserAdd size={18} aria-hidden />
        </Action>
      )}
      {canDelete && (
        <Action label={named('Delete')} color="red" onClick={() => onAction('delete', ticket)}>
          <HiTrash size={18} aria-hidden />
        </Action>
      )}
    </Group>
  );
}
