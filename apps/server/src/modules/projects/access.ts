import { UI_TEXT } from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { teams, workSearchText } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { trigramSearch } from '../../lib/search.js';
import { type Actor, hasFlag } from '../../lib/tenancy.js';
import { canWorkOnProjectsIn, type WorkRecord } from './policy.js';

/**
 * The checks every project, objective and task route shares: the role's flag (403, advisors), the
 * record's organization (404, never revealing another tenant's record), a team of the same
 * organization (400), and the search condition the trigram indexes answer.
 */

/** 403 for a role without canManageProjects (advisors): the project and objective routes are not theirs. */
export function requireProjectWork(actor: Actor): void {
  if (!hasFlag(actor, 'canManageProjects')) throw forbidden();
}

/** The record if the actor works on its organization's projects; 404 with `message` otherwise. */
export async function workRecordOr404<T extends Pick<WorkRecord, 'organizationId'>>(
  actor: Actor,
  record: T | null | undefined | Promise<T | null | undefined>,
  message: string,
): Promise<T> {
  const found = await record;
  if (!found || !canWorkOnProjectsIn(actor, found.organizationId)) throw notFound(message);
  return found;
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
