import { type AdvisorSession, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { LockedModal } from '@/components/LockedModal';
import type { BookSessionPrefill } from '@/lib/book-session';
import { useViewerTimeZone } from '@/lib/notification-settings-query';
import { useBookSession } from '../api';
import { BookedConfirmation } from './BookedConfirmation';
import { BookingForm } from './BookingForm';

interface BookSessionDialogProps {
  prefill: BookSessionPrefill;
  onClose: () => void;
}

/**
 * Book a session: the booking's fields (BookingForm), then a confirmation naming the time
 * in the viewer's zone and, when its clocks differ, the advisor's.
 */
export function BookSessionDialog({ prefill, onClose }: BookSessionDialogProps) {
  const book = useBookSession();
  const { timeZone } = useViewerTimeZone();
  const [booked, setBooked] = useState<{ session: AdvisorSession; advisorZone: string } | null>(null);
  return (
    <LockedModal
      opened
      busy={book.isPending}
      title={booked ? UI_TEXT.sessionBooked : 'Book a session'}
      onClose={onClose}
    >
      {booked ? (
        <BookedConfirmation
          session={booked.session}
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
