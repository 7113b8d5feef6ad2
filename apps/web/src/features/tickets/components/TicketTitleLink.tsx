import { Anchor } from '@mantine/core';
import type { Ticket } from '@smart/contracts';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import classes from './TicketsTable.module.css';

/**
 * A ticket's title opening its page: clamped to `lines`, a long word broken inside it, and the
 * whole title on hover.
 */
export function TicketTitleLink({ ticket, lines, weight }: { ticket: Ticket; lines: number; weight: number }) {
  return (
    <Anchor
      component={Link}
      to={paths.ticket(ticket.id)}
      fw={weight}
      lineClamp={lines}
      title={ticket.title}
      className={classes.wrap}
    >
      {ticket.title}
    </Anchor>
  );
}
