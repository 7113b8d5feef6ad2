import { createContext, useContext } from 'react';

/**
 * The Book a session dialog, opened from other features (the advisor chat) and the
 * dashboard. The scheduling feature provides it inside the page frame; callers reach it through
 * useBookSessionDialog(), as the support dialog is reached (lib/support-ticket.ts).
 */
export interface BookSessionPrefill {
  /** The advisor chosen beforehand (the one of the chat it was opened from). */
  advisorId?: string;
}

export interface BookSessionContextValue {
  open: (prefill?: BookSessionPrefill) => void;
}

export const BookSessionContext = createContext<BookSessionContextValue | null>(null);

export function useBookSessionDialog(): BookSessionContextValue {
  const value = useContext(BookSessionContext);
  if (!value) throw new Error('useBookSessionDialog must be used within a BookSessionProvider');
  return value;
}
