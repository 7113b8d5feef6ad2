import type { TicketCategory, TicketPriority, TicketStatus } from '@smart/contracts';
import type { Database } from '../../src/db/client.js';
import { type TicketRow, tickets } from '../../src/db/schema/index.js';

export interface TicketOptions {
  title?: string;
  description?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  category?: TicketCategory;
  assignedTo?: string | null;
  /** When it was raised (now unless given): lists order by it. */
  createdAt?: Date;
}

/** A ticket written straight to the database (the API's own create is tested on its own). */
export async function insertTicket(
  db: Database,
  organizationId: string,
  createdBy: string,
  options: TicketOptions = {},
): Promise<TicketRow> {
  const [row] = await db
    .insert(tickets)
    .values({
      organizationId,
      createdBy,
      title: options.title ?? 'Printer on fire',
      description: options.description ?? 'The office printer smokes when printing in colour.',
      status: options.status,
      priority: options.priority,
      category: options.category,
      assignedTo: options.assignedTo ?? null,
      ...(options.createdAt && { createdAt: options.createdAt, updatedAt: options.createdAt }),
    })
    .returning();
  if (!row) throw new Error('ticket insert returned no row');
  return row;
}
