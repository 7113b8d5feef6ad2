import { Stack, Text } from '@mantine/core';
import { type AdvisorMeeting, formatSlotTime, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { firstMessage, messageAboveForm, showUnderField, useSavingForm } from '@/lib/forms';
import { toastSuccess } from '@/lib/toast';
import { useUpdateMeeting } from '../api';
import { useBookingFailure } from '../taken-time';
import { SlotPicker } from './SlotPicker';

interface RescheduleModalProps {
  meeting: AdvisorMeeting;
  timeZone: string;
  onClose: () => void;
}

/**
 * Reschedule: another free time of the meeting's advisor and length, a week at a time, in the viewer's zone.
 * The free times have no line under them: a refusal of the time (`details` naming `start`) is said above the
 * buttons, as is a time taken meanwhile (409), which also refreshes the free times.
 */
export function RescheduleModal({ meeting, timeZone, onClose }: RescheduleModalProps) {
  const bookingFailure = useBookingFailure();
  const update = useUpdateMeeting(meeting.id);
  const form = useSavingForm<{ start: string | null }>(update, { initialValues: { start: null } });
  const [taken, setTaken] = useState(false);
  const { start } = form.getValues();

  const submit = form.onSubmit((values) => {
    if (!values.start) return;
    setTaken(false);
    update.mutate(
      { start: values.start },
      {
        onSuccess: () => {
          toastSuccess(UI_TEXT.meetingRescheduled);
          onClose();
        },
        onError: (error) => {
          if (!bookingFailure(error).taken) return showUnderField(form)(error);
          setTaken(true);
          form.setFieldValue('start', null);
        },
      },
    );
  });

  return (
    <LockedModal opened busy={update.isPending} title="Reschedule session" onClose={onClose}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">
            Now: {formatSlotTime(meeting.start, timeZone)} · {meeting.length} min. Choose a new time; the invitation is
            updated for everyone.
          </Text>
          <SlotPicker
            advisorId={meeting.advisor.id}
            length={meeting.length}
            timeZone={timeZone}
            selected={start}
            exclude={meeting.start}
            moving={meeting.id}
            onSelect={(picked) => {
              form.setFieldValue('start', picked);
              setTaken(false);
            }}
          />
          {start && (
            <Text size="sm">
              New time: <strong>{formatSlotTime(start, timeZone)}</strong>
            </Text>
          )}
          <FormError
            message={
              taken
                ? UI_TEXT.meetingTimeTakenRefreshed
                : (firstMessage(form.errors) ?? messageAboveForm(update.error, form))
            }
          />
          <FormActions
            busy={update.isPending}
            submitLabel="Reschedule"
            onCancel={onClose}
            submitDisabled={start === null}
            disabledHint="Choose a time"
          />
        </Stack>
      </form>
    </LockedModal>
  );
}
