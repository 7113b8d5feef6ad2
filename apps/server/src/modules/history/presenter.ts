import type { UserSummary } from '@smart/contracts';
import { summaryOrNull, type UserSummaryRow } from '../people/index.js';

/** A history row (tasks, tickets) with the user who made the change; lib/history.ts writes them. */
export interface HistoryEntryRecord<Kind extends string> {
  id: string;
  kind: Kind;
  fromValue: string | null;
  toValue: string | null;
  createdAt: Date;
  actor: UserSummaryRow | null;
}

/** Row → the API's history entry (contracts historyEntrySchema). */
export function presentHistoryEntry<Kind extends string>(
  entry: HistoryEntryRecord<Kind>,
): {
  id: string;
  _id: string;
  kind: Kind;
  from: string | null;
  to: string | null;
  actor: UserSummary | null;
  createdAt: string;
} {
  return {
    id: entry.id,
    _id: entry.id,
    kind: entry.kind,
    from: entry.fromValue,
    to: entry.toValue,
    actor: summaryOrNull(entry.actor),
    createdAt: entry.createdAt.toISOString(),
  };
}
