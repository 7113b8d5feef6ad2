import { Alert, Anchor, FileInput, Stack } from '@mantine/core';
import { MAX_UPLOAD_BYTES, SUPPORT_TICKET_CLOSE_DELAY_MS, UI_TEXT } from '@smart/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HiPaperClip } from 'react-icons/hi';
import { Link } from 'react-router';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { firstMessage, useSavingForm } from '@/lib/forms';
import { paths } from '@/lib/paths';
import type { SupportPrefill } from '@/lib/support-ticket';
import { TicketFields } from '../components/TicketFields';
import { ticketQueries } from '../queries';
import { useChoosesOrganization } from '../ticket-author';
import { type TicketFormValues, ticketFormValues, validateTicket } from '../ticket-form';
import { raiseSupportTicket, type SupportOutcome } from './raise-support-ticket';

interface SupportTicketModalProps {
  opened: boolean;
  prefill: SupportPrefill;
  onClose: () => void;
}

/**
 * Create Support Ticket: subject, description, category, priority and an
 * optional file up to 10 MB. On success the form clears and stays disabled, and the dialog closes
 * after 2 seconds.
 */
export function SupportTicketModal({ opened, prefill, onClose }: SupportTicketModalProps) {
  const queryClient = useQueryClient();
  const raise = useMutation({
    mutationFn: ({ values, file }: { values: TicketFormValues; file: File | null }) => raiseSupportTicket(values, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketQueries.lists() }),
  });
  return (
    <LockedModal opened={opened} busy={raise.isPending} title={UI_TEXT.createSupportTicketTitle} onClose={onClose}>
      <SupportForm prefill={prefill} raise={raise} onClose={onClose} />
    </LockedModal>
  );
}

interface SupportFormProps {
  prefill: SupportPrefill;
  raise: ReturnType<
    typeof useMutation<
      Awaited<ReturnType<typeof raiseSupportTicket>>,
      Error,
      { values: TicketFormValues; file: File | null }
    >
  >;
  onClose: () => void;
}

function SupportForm({ prefill, raise, onClose }: SupportFormProps) {
  const choosesOrganization = useChoosesOrganization();
  const form = useSavingForm<TicketFormValues>(raise, {
    initialValues: ticketFormValues(undefined, prefill),
    validate: validateTicket(choosesOrganization),
  });
  const [file, setFile] = useState<File | null>(null);
  // Kept here, not read from the mutation: clearing the form resets the mutation (useSavingForm).
  const [outcome, setOutcome] = useState<SupportOutcome | null>(null);
  const tooLarge = file !== null && file.size > MAX_UPLOAD_BYTES;
  const done = outcome !== null;

  // Step 4: the dialog closes a moment after the success message; not while the pointer or the
  // keyboard is on the message (its link to the ticket stays reachable: WCAG 2.2.1).
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!done || held) return;
    const timer = window.setTimeout(onClose, SUPPORT_TICKET_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, held, onClose]);

  const submit = form.onSubmit((values) => {
    if (tooLarge) return;
    raise.mutate(
      { values, file },
      {
        onSuccess: (result) => {
          setOutcome(result);
          form.setValues(ticketFormValues());
          setFile(null);
        },
      },
    );
  });

  const locked = raise.isPending || done;
  return (
    <form onSubmit={(event) => (locked ? event.preventDefault() : submit(event))} noValidate>
      <Stack gap="md">
        {outcome && (
          <Alert
            color="green"
            variant="light"
            role="status"
            onMouseEnter={() => setHeld(true)}
            onMouseLeave={() => setHeld(false)}
            onFocus={() => setHeld(true)}
            onBlur={() => setHeld(false)}
          >
            {UI_TEXT.supportTicketCreated}{' '}
            <Anchor component={Link} to={paths.ticket(outcome.ticketId)} onClick={onClose} inherit fw={600}>
              {UI_TEXT.viewNewTicket}
            </Anchor>
          </Alert>
        )}
        {outcome && !outcome.fileAttached && (
          <Alert color="orange" variant="light" role="alert">
            {UI_TEXT.ticketAttachmentFailed}
          </Alert>
        )}
        <FormError
          message={tooLarge ? UI_TEXT.ticketFileTooLarge : (raise.error?.message ?? firstMessage(form.errors))}
        />
        <TicketFields form={form} titleLabel="Subject" disabled={locked} choosesOrganization={choosesOrganization} />
        <FileInput
          label="Attachment (optional)"
          description="One file, up to 10 MB"
          placeholder="Choose a file"
          leftSection={<HiPaperClip aria-hidden />}
          clearable
          value={file}
          onChange={(chosen) => {
            raise.reset();
            setFile(chosen);
          }}
          disabled={locked}
          error={tooLarge}
        />
        <FormActions
          busy={raise.isPending}
          busyLabel="Submitting..."
          submitLabel="Submit Ticket"
          submitDisabled={done || tooLarge}
          cancelDisabled={done}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
