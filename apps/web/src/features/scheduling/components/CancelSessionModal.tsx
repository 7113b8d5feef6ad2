import { Stack, Text, Textarea } from '@mantine/core';
import {
  type AdvisorSession,
  cancelSessionBody,
  formatSlotTime,
  MAX_CANCEL_REASON_LENGTH,
  UI_TEXT,
} from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { messageAboveForm, showUnderField, useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useCancelSession } from '../api';

/** Cancel a session with a reason its people are told (optional, as the API takes it); the record stays. */
interface CancelSessionModalProps {
  session: AdvisorSession;
  timeZone: string;
  onClose: () => void;
}

export function CancelSessionModal({ session, timeZone, onClose }: CancelSessionModalProps) {
  const cancel = useCancelSession(session.id);
  const form = useSavingForm(cancel, { initialValues: { reason: '' }, validate: validateWith(cancelSessionBody) });
  const submit = form.onSubmit((body) =>
    cancel.mutate(body, {
      onSuccess: () => {
        toastSuccess(UI_TEXT.sessionCancelled);
        onClose();
      },
      onError: showUnderField(form),
    }),
  );
  return (
    <LockedModal opened busy={cancel.isPending} title="Cancel session" onClose={onClose}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">
            Cancelling “{session.topic}” on {formatSlotTime(session.start, timeZone)} takes it off the calendars of
            everyone invited. The session stays listed as cancelled.
          </Text>
          <Textarea
            label="Reason"
            description="Shown to the advisor and the attendees"
            autosize
            minRows={3}
            maxLength={MAX_CANCEL_REASON_LENGTH}
            {...form.getInputProps('reason')}
            data-autofocus
          />
          <FormError message={messageAboveForm(cancel.error, form)} />
          <FormActions
            busy={cancel.isPending}
            submitLabel="Cancel session"
            cancelLabel="Keep session"
            onCancel={onClose}
            color="red"
          />
        </Stack>
      </form>
    </LockedModal>
  );
}
