import { createContext, useContext } from 'react';

/**
 * The Book a session dialog, opened from other features (the advisor chat) and the
 * dashboard. The scheduling feature provides it inside the page frame; callers reach it through
 * useBookMeetingDialog(), as the support dialog is reached (lib/support-ticket.ts).
 */
export interface BookMeetingPrefill {
  /** The advisor chosen beforehand (the one of the chat it was opened from). */
  advisorId?: string;
}

export interface BookMeetingContextValue {
  open: (prefill?: BookMeetingPrefill) => void;
}

export const BookMeetingContext = createContext<BookMeetingContextValue | null>(null);

export function useBookMeetingDialog(): BookMeetingContextValue {
  const value = useContext(BookMeetingContext);
  if (!value) throw new Error('useBookMeetingDialog must be used within a BookMeetingProvider');
  return value;
}
