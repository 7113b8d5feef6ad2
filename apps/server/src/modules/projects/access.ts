import { UI_TEXT } from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { teams, workSearchText } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { trigramSearch } from '../../lib/search.js';
import { type Actor, hasFlag } from '../../lib/tenancy.js';

/**
 * The checks every project, objective and task route shares: the role's flag (403, advisors), a
 * team of the same organization (400), and the search condition the trigram indexes answer. Which
 * records the actor reads (else 404) is each one's read rule (lib/read-rules).
 */

/** 403 for a role without canManageProjects (advisors): the project and objective routes are not theirs. */
export function requireProjectWork(actor: Actor): void {
  if (!hasFlag(actor, 'canManageProjects')) throw forbidden();
}

/** 400 unless `teamId` (when given) is a team of the organization. */
export async function requireTeamIn(db: Database, organizationId: string, teamId: string | null | undefined) {
  if (!teamId) return;
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)))
    .limit(1);
  if (!team) throw badRequest(UI_TEXT.teamNotInOrganization);
}

/** "Title or description contains", written as the work tables' trigram index expression (lib/search.ts). */
export const workSearch = (table: { title: AnyPgColumn; description: AnyPgColumn }, search: string | undefined) =>
  trigramSearch(workSearchText(table), search);
