import {
  DEFAULT_TICKET_CATEGORY,
  DEFAULT_TICKET_PRIORITY,
  type Ticket,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
  UI_TEXT,
} from '@smart/contracts';

/** What the ticket dialogs edit (create, edit, support); title and description are sent trimmed. */
export interface TicketFormValues {
  title: string;
  description: string;
  priority: TicketPriority;
  category: TicketCategory;
  status: TicketStatus;
  /** An advisor's choice of organization; null for members, who raise tickets in their own. */
  organizationId: string | null;
}

export function ticketFormValues(ticket?: Ticket, prefill: Partial<TicketFormValues> = {}): TicketFormValues {
  return {
    title: ticket?.title ?? '',
    description: ticket?.description ?? '',
    priority: ticket?.priority ?? DEFAULT_TICKET_PRIORITY,
    category: ticket?.category ?? DEFAULT_TICKET_CATEGORY,
    status: ticket?.status ?? 'open',
    organizationId: null,
    ...prefill,
  };
}

/** The body of POST /api/tickets (status is not the creator's to choose). */
export function newTicketBody({ title, description, priority, category, organizationId }: TicketFormValues) {
  return {
    title: title.trim(),
    description: description.trim(),
    priority,
    category,
    ...(organizationId ? { organizationId } : {}),
  };
}

/**
 * Title and description are required after trimming, with one message for either; an
 * advisor also names the organization the ticket is for.
 */
export const validateTicket =
  (choosesOrganization: boolean) =>
  ({ title, description, organizationId }: TicketFormValues) => {
    const message = UI_TEXT.titleAndDescriptionRequired;
    return {
      ...(choosesOrganization && !organizationId ? { organizationId: UI_TEXT.selectOrganization } : {}),
      ...(title.trim() ? {} : { title: message }),
      ...(description.trim() ? {} : { description: message }),
    };
  };
