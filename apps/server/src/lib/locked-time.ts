import { UI_TEXT } from '@smart/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { conflict } from './errors.js';

/**
 * Time submitted for approval or approved is billed as it stands (decision 0290): deleting the
 * task, ticket, objective or project it was spent on would delete it with the record (the entries
 * cascade). A record holding such time is kept until that time is returned or reopened: 409.
 * `entries` is a condition on `e`, a time_entries row (its record's index answers it).
 */
export async function requireNoLockedTime(tx: Database, entries: SQL): Promise<void> {
  const { rows } = (await tx.execute(sql`select 1 from time_entries e where ${entries}
    and exists (select 1 from time_approvals a where a.user_id = e.user_id and a.organization_id = e.organization_id
      and a.status in ('submitted', 'approved') and e.date between a.period_start and a.period_end)
    limit 1`)) as unknown as { rows: unknown[] };
  if (rows.length > 0) throw conflict(UI_TEXT.recordHasLockedTime);
}
