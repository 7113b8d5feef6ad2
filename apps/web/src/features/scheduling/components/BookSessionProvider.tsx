import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { BookSessionContext, type BookSessionPrefill } from '@/lib/book-session';

// The dialog's code loads on its first opening, not with every page.
const BookSessionDialog = lazy(() =>
  import('./BookSessionDialog').then((module) => ({ default: module.BookSessionDialog })),
);

/**
 * Holds the Book a session dialog inside the page frame, so the advisor chat and the dashboard
 * open it over the page they are on (useBookSessionDialog()).
 */
export function BookSessionProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<{ prefill: BookSessionPrefill; key: number } | null>(null);
  const value = useMemo(
    () => ({ open: (prefill: BookSessionPrefill = {}) => setDialog({ prefill, key: Date.now() }) }),
    [],
  );
  return (
    <BookSessionContext.Provider value={value}>
      {children}
      {dialog && (
        <Suspense fallback={null}>
          <BookSessionDialog key={dialog.key} prefill={dialog.prefill} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </BookSessionContext.Provider>
  );
}
