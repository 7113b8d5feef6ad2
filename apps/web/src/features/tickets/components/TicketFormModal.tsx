import { Stack } from '@mantine/core';
import type { Ticket } from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { firstMessage, useSavingForm } from '@/lib/forms';
import type { NewTicketPrefill } from '@/lib/support-ticket';
import { useCreateTicket, useUpdateTicket } from '../api';
import { useChoosesOrganization } from '../ticket-author';
import { newTicketBody, type TicketFormValues, ticketFormValues, validateTicket } from '../ticket-form';
import { TicketFields } from './TicketFields';

type TicketFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Told the new ticket once it is created. */
  onCreated?: (ticket: Ticket) => void;
} & ({ ticket?: undefined; prefill?: NewTicketPrefill } | { ticket: Ticket; prefill?: undefined });

/**
 * Create New Ticket (filled in from a prefill, e.g. a message: the ticket is then linked to it), or
 * Edit Ticket (its status included) when given a ticket.
 */
export function TicketFormModal({ opened, onClose, onCreated, ticket, prefill }: TicketFormModalProps) {
  const { messageId, ...fields } = prefill ?? {};
  const create = useCreateTicket();
  const update = useUpdateTicket(ticket?.id ?? '');
  const mutation = ticket ? update : create;
  return (
    <LockedModal
      opened={opened}
      busy={mutation.isPending}
      title={ticket ? 'Edit Ticket' : 'Create New Ticket'}
      onClose={onClose}
    >
      <TicketForm
        ticket={ticket}
        prefill={fields}
        mutation={mutation}
        onClose={onClose}
        save={(values) =>
          ticket
            ? update.mutate(
                // The status goes only when it changed: editing is not always changing the status.
                { ...newTicketBody(values), ...(values.status === ticket.status ? {} : { status: values.status }) },
                { onSuccess: onClose },
              )
            : create.mutate(
                { ...newTicketBody(values), ...(messageId ? { messageId } : {}) },
                {
                  onSuccess: (created) => {
                    onClose();
                    onCreated?.(created);
                  },
                },
              )
        }
      />
    </LockedModal>
  );
}

interface TicketFormProps {
  ticket: Ticket | undefined;
  prefill: Partial<TicketFormValues>;
  mutation: { isPending: boolean; error: Error | null; reset(): void };
  save: (values: TicketFormValues) => void;
  onClose: () => void;
}

function TicketForm({ ticket, prefill, mutation, save, onClose }: TicketFormProps) {
  const choosesOrganization = useChoosesOrganization() && !ticket;
  const form = useSavingForm<TicketFormValues>(mutation, {
    initialValues: ticketFormValues(ticket, prefill),
    validate: validateTicket(choosesOrganization),
  });
  const submit = form.onSubmit(save);
  return (
    <form onSubmit={(event) => (mutation.isPending ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        <FormError message={mutation.error?.message ?? firstMessage(form.errors)} />
        <TicketFields
          form={form}
          withStatus={ticket?.permissions.canChangeStatus ?? false}
          choosesOrganization={choosesOrganization}
        />
        <FormActions
          busy={mutation.isPending}
          submitLabel={ticket ? 'Save Changes' : 'Create Ticket'}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
