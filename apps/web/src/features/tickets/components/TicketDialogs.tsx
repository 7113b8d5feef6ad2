import { type Ticket, UI_TEXT } from '@smart/contracts';
import { ConfirmModal } from '@/components/ConfirmModal';
import { toastSuccess } from '@/lib/toast';
import { useDeleteTicket } from '../api';
import { AssignTicketModal } from './AssignTicketModal';
import { TicketFormModal } from './TicketFormModal';
import type { TicketAction } from './TicketRowActions';

export interface OpenDialog {
  action: TicketAction;
  ticket: Ticket;
}

interface TicketDialogsProps {
  open: OpenDialog | null;
  onClose: () => void;
  /** After a delete (the detail page leaves for the list). */
  onDeleted?: () => void;
}

/** Edit Ticket, Assign Ticket and the delete confirmation, for the list's rows and the detail page alike. */
export function TicketDialogs({ open, onClose, onDeleted }: TicketDialogsProps) {
  const remove = useDeleteTicket();
  const ticket = open?.ticket;
  return (
    <>
      {ticket && <TicketFormModal opened={open.action === 'edit'} ticket={ticket} onClose={onClose} />}
      {ticket && <AssignTicketModal opened={open.action === 'assign'} ticket={ticket} onClose={onClose} />}
      <ConfirmModal
        opened={open?.action === 'delete'}
        message={UI_TEXT.confirmDeleteTicket}
        confirmLabel="Delete"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          ticket &&
          remove.mutate(ticket.id, {
            onSuccess: () => {
              toastSuccess(UI_TEXT.ticketDeleted);
              onClose();
              onDeleted?.();
            },
          })
        }
        onClose={() => {
          remove.reset();
          onClose();
        }}
      />
    </>
  );
}
