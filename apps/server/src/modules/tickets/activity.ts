import type { TicketActivityKind } from '@smart/contracts';
import { ticketActivity } from '../../db/schema/index.js';
import { type HistoryEntry, type HistoryWriter, historyRows } from '../../lib/history.js';

export type TicketActivityEntry = HistoryEntry<TicketActivityKind>;

/** Appends entries to a ticket's history (lib/history.ts), in the writer's transaction. */
export async function recordTicketActivity(
  writer: HistoryWriter,
  ticket: { id: string; organizationId: string },
  actorId: string,
  entries: readonly TicketActivityEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await writer.insert(ticketActivity).values(historyRows('ticketId', ticket, actorId, entries));
}
