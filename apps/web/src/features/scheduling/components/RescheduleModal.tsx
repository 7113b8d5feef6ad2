import { Stack, Text } from '@mantine/core';
import { type AdvisorSession, formatSlotTime, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { toastSuccess } from '@/lib/toast';
import { useUpdateSession } from '../api';
import { useBookingFailure } from '../taken-time';
import { SlotPicker } from './SlotPicker';

interface RescheduleModalProps {
  session: AdvisorSession;
  timeZone: string;
  onClose: () => void;
}

/** Reschedule: another free time of the session's advisor and length, a week at a time, in the viewer's zone. */
export function RescheduleModal({ session, timeZone, onClose }: RescheduleModalProps) {
  const bookingFailure = useBookingFailure();
  const update = useUpdateSession(session.id);
  const [start, setStart] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const submit = () => {
    if (!start) return;
    setMessage(null);
    update.mutate(
      { start },
      {
        onSuccess: () => {
          toastSuccess(UI_TEXT.sessionRescheduled);
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
          Now: {formatSlotTime(session.start, timeZone)} · {session.length} min. Choose a new time; the invitation is
          updated for everyone.
        </Text>
        <SlotPicker
          advisorId={session.advisor.id}
          length={session.length}
          timeZone={timeZone}
          selected={start}
          exclude={session.start}
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
