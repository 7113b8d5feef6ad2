import { UI_TEXT } from '@smart/contracts';
import { ApiError } from '@/lib/api-client';
import { attachTicketFile, createTicket } from '../api';
import { newTicketBody, type TicketFormValues } from '../ticket-form';

/** How the support flow ended: the ticket is in, with or without its file. */
export type SupportOutcome = { ticketId: string; fileAttached: boolean };

/**
 * The flow: create the ticket; if a file was chosen, upload it and attach it. A failed
 * file step leaves the ticket created and says so; a failed create throws the server's message,
 * or UI_TEXT's own texts when the server gave none or could not be reached.
 */
export async function raiseSupportTicket(values: TicketFormValues, file: File | null): Promise<SupportOutcome> {
  let ticketId: string;
  try {
    ticketId = (await createTicket(newTicketBody(values), UI_TEXT.createSupportTicketFailed)).id;
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) throw new Error(UI_TEXT.createSupportTicketError);
    throw error;
  }
  if (!file) return { ticketId, fileAttached: true };
  try {
    await attachTicketFile(ticketId, file);
    return { ticketId, fileAttached: true };
  } catch {
    return { ticketId, fileAttached: false };
  }
}
