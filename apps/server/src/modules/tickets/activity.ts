import type { TicketActivityKind } from '@smart/contracts';
import { ticketActivity } from '../../db/schema/index.js';
import { type HistoryEntry, historyRecorder } from '../../lib/history.js';

export type TicketActivityEntry = HistoryEntry<TicketActivityKind>;

/** Appends entries to a ticket's history (lib/history.ts), in the writer's transaction. */
export const recordTicketActivity = historyRecorder(ticketActivity, 'ticketId');
