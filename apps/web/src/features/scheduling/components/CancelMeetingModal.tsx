import { Stack, Text, Textarea } from '@mantine/core';
import {
  type AdvisorMeeting,
  cancelMeetingBody,
  formatSlotTime,
  MAX_CANCEL_REASON_LENGTH,
  UI_TEXT,
} from '@smart/contracts';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { messageAboveForm, showUnderField, useSavingForm, validateWith } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useCancelMeeting } from '../api';

/** Cancel a meeting with a reason its people are told (optional, as the API takes it); the record stays. */
interface CancelMeetingModalProps {
  meeting: AdvisorMeeting;
  timeZone: string;
  onClose: () => void;
}

export function CancelMeetingModal({ meeting, timeZone, onClose }: CancelMeetingModalProps) {
  const cancel = useCancelMeeting(meeting.id);
  const form = useSavingForm(cancel, { initialValues: { reason: '' }, validate: validateWith(cancelMeetingBody) });
  const submit = form.onSubmit((body) =>
    cancel.mutate(body, {
      onSuccess: () => {
        toastSuccess(UI_TEXT.meetingCancelled);
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
            Cancelling “{meeting.topic}” on {formatSlotTime(meeting.start, timeZone)} takes it off the calendars of
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
