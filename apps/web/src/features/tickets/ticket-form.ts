import {
  DEFAULT_TICKET_CATEGORY,
  DEFAULT_TICKET_PRIORITY,
  MESSAGES,
  type Ticket,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@smart/contracts';

/** What the ticket dialogs edit (create, edit, support); title and description are sent trimmed. */
export interface TicketFormValues {
  title: string;
  description: string;
  priority: TicketPriority;
  category: TicketCategory;
  status: TicketStatus;
}

export function ticketFormValues(ticket?: Ticket, prefill: Partial<TicketFormValues> = {}): TicketFormValues {
  return {
    title: ticket?.title ?? '',
    description: ticket?.description ?? '',
    priority: ticket?.priority ?? DEFAULT_TICKET_PRIORITY,
    category: ticket?.category ?? DEFAULT_TICKET_CATEGORY,
    status: ticket?.status ?? 'open',
    ...prefill,
  };
}

/** The body of POST /api/tickets (status is not the creator's to choose). */
export function newTicketBody({ title, description, priority, category }: TicketFormValues) {
  return { title: title.trim(), description: description.trim(), priority, category };
}

/** Section 5: both are required after trimming, with one message for either. */
export function validateTicket({ title, description }: TicketFormValues) {
  const message = MESSAGES.titleAndDescriptionRequired;
  return {
    ...(title.trim() ? {} : { title: message }),
    ...(description.trim() ? {} : { description: message }),
  };
}
