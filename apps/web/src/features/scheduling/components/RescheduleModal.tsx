import { Stack, Text } from '@mantine/core';
import { type AdvisorMeeting, formatSlotTime, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { toastSuccess } from '@/lib/toast';
import { useUpdateMeeting } from '../api';
import { useBookingFailure } from '../taken-time';
import { SlotPicker } from './SlotPicker';

interface RescheduleModalProps {
  meeting: AdvisorMeeting;
  timeZone: string;
  onClose: () => void;
}

/** Reschedule: another free time of the meeting's advisor and length, a week at a time, in the viewer's zone. */
export function RescheduleModal({ meeting, timeZone, onClose }: RescheduleModalProps) {
  const bookingFailure = useBookingFailure();
  const update = useUpdateMeeting(meeting.id);
  const [start, setStart] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const submit = () => {
    if (!start) return;
    setMessage(null);
    update.mutate(
      { start },
      {
        onSuccess: () => {
          toastSuccess(UI_TEXT.meetingRescheduled);
          onClose();
        },
        onError: (error) => {
          const failure = bookingFailure(error);
          if (failure.taken) setStart(null);
          setMessage(failure.message);
        },
      },
    );
  };

  return (
    <LockedModal opened busy={update.isPending} title="Reschedule session" onClose={onClose}>
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
          onSelect={(picked) => {
            setStart(picked);
            setMessage(null);
          }}
        />
        {start && (
          <Text size="sm">
            New time: <strong>{formatSlotTime(start, timeZone)}</strong>
          </Text>
        )}
        <FormError message={message} />
        <FormActions
          busy={update.isPending}
          submitLabel="Reschedule"
          onCancel={onClose}
          onConfirm={submit}
          submitDisabled={start === null}
          disabledHint="Choose a time"
        />
      </Stack>
    </LockedModal>
  );
}
