import type { Ticket, TicketCategory, TicketPriority } from '@smart/contracts';
import { createContext, useContext } from 'react';

/**
 * The support dialog, opened from any page (the floating button, the billing page's requests), and
 * Create New Ticket opened from another feature (a message's Create ticket). The tickets feature
 * provides both inside the page frame; pages reach them through useSupportTicket().
 */

/** What a page may fill in before opening the support dialog. */
export interface SupportPrefill {
  title?: string;
  description?: string;
  category?: TicketCategory;
  priority?: TicketPriority;
}

/** Create New Ticket filled in from a record, e.g. a message turned into a ticket. */
export interface NewTicketPrefill extends SupportPrefill {
  /** The message the ticket is raised from: the server links the two. */
  messageId?: string;
  /** The organization the ticket goes to (an advisor's choice, made for it). */
  organizationId?: string;
}

export interface SupportTicketContextValue {
  /** False for admins, who raise no tickets. */
  available: boolean;
  /** Opens Create Support Ticket, optionally filled in. */
  open: (prefill?: SupportPrefill) => void;
  /** Opens Create New Ticket filled in; `onCreated` is told the ticket once it exists. */
  openNewTicket: (prefill: NewTicketPrefill, onCreated?: (ticket: Ticket) => void) => void;
}

export const SupportTicketContext = createContext<SupportTicketContextValue | null>(null);

export function useSupportTicket(): SupportTicketContextValue {
  const value = useContext(SupportTicketContext);
  if (!value) throw new Error('useSupportTicket must be used within a SupportTicketProvider');
  return value;
}
