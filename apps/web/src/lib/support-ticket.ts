import type { TicketCategory, TicketPriority } from '@smart/contracts';
import { createContext, useContext } from 'react';

/**
 * The support dialog, opened from any page (the floating button, the billing page's requests). The
 * tickets feature provides it inside the page frame; pages reach it through useSupportTicket().
 */

/** What a page may fill in before opening the support dialog. */
export interface SupportPrefill {
  title?: string;
  description?: string;
  category?: TicketCategory;
  priority?: TicketPriority;
}

export interface SupportTicketContextValue {
  /** False for admins, who raise no tickets. */
  available: boolean;
  /** Opens Create Support Ticket, optionally filled in. */
  open: (prefill?: SupportPrefill) => void;
}

export const SupportTicketContext = createContext<SupportTicketContextValue | null>(null);

export function useSupportTicket(): SupportTicketContextValue {
  const value = useContext(SupportTicketContext);
  if (!value) throw new Error('useSupportTicket must be used within a SupportTicketProvider');
  return value;
}
