import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { BookMeetingContext, type BookMeetingPrefill } from '@/lib/book-meeting';

// The dialog's code loads on its first opening, not with every page.
const BookMeetingDialog = lazy(() =>
  import('./BookMeetingDialog').then((module) => ({ default: module.BookMeetingDialog })),
);

/**
 * Holds the Book a session dialog inside the page frame, so the advisor chat and the dashboard
 * open it over the page they are on (useBookMeetingDialog()).
 */
export function BookMeetingProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<{ prefill: BookMeetingPrefill; key: number } | null>(null);
  const value = useMemo(
    () => ({ open: (prefill: BookMeetingPrefill = {}) => setDialog({ prefill, key: Date.now() }) }),
    [],
  );
  return (
    <BookMeetingContext.Provider value={value}>
      {children}
      {dialog && (
        <Suspense fallback={null}>
          <BookMeetingDialog key={dialog.key} prefill={dialog.prefill} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </BookMeetingContext.Provider>
  );
}
