import { type AdvisorMeeting, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { LockedModal } from '@/components/LockedModal';
import type { BookMeetingPrefill } from '@/lib/book-meeting';
import { useViewerTimeZone } from '@/lib/notification-settings-query';
import { useBookMeeting } from '../api';
import { BookedConfirmation } from './BookedConfirmation';
import { BookingForm } from './BookingForm';

interface BookMeetingDialogProps {
  prefill: BookMeetingPrefill;
  onClose: () => void;
}

/**
 * Book a session: the booking's fields (BookingForm), then a confirmation naming the time
 * in the viewer's zone and, when its clocks differ, the advisor's.
 */
export function BookMeetingDialog({ prefill, onClose }: BookMeetingDialogProps) {
  const book = useBookMeeting();
  const { timeZone } = useViewerTimeZone();
  const [booked, setBooked] = useState<{ meeting: AdvisorMeeting; advisorZone: string } | null>(null);
  return (
    <LockedModal
      opened
      busy={book.isPending}
      title={booked ? UI_TEXT.meetingBooked : 'Book a session'}
      onClose={onClose}
    >
      {booked ? (
        <BookedConfirmation
          meeting={booked.meeting}
          advisorZone={booked.advisorZone}
          timeZone={timeZone}
          onClose={onClose}
        />
      ) : (
        <BookingForm prefill={prefill} book={book} onBooked={setBooked} onClose={onClose} />
      )}
    </LockedModal>
  );
}
