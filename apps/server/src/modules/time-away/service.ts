import { type AwayNotice, type createTimeAwayBody, UI_TEXT } from '@smart/contracts';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  absenceSubstitutes,
  advisorAbsences,
  advisorAssignments,
  organizations,
  users,
} from '../../db/schema/index.js';
import { badField, notFound } from '../../lib/errors.js';
import { type Actor, activeAssignment, isAdvisor } from '../../lib/tenancy.js';
import { canManageTimeAway } from './policy.js';
import type { TimeAwayRecord } from './presenter.js';

/** A person's name as the app writes it. */
const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** The advisor whose time away the actor manages (itself, admin); 404 for anyone else. */
export async function advisorToManage(db: Database, actor: Actor, advisorId: string): Promise<string> {
  if (advisorId === 'me' && !isAdvisor(actor)) throw notFound(UI_TEXT.advisorNotFound);
  const id = advisorId === 'me' ? actor.id : advisorId;
  const [advisor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'advisor')))
    .limit(1);
  if (!advisor || !canManageTimeAway(actor, advisor.id)) throw notFound(UI_TEXT.advisorNotFound);
  return advisor.id;
}

/** The absences with their substitutes, organizations and names: two queries for any number. */
async function withSubstitutes(
  db: Database,
  absences: (typeof advisorAbsences.$inferSelect)[],
): Promise<TimeAwayRecord[]> {
  if (absences.length === 0) return [];
  const rows = await db
    .select({
      absenceId: absenceSubstitutes.absenceId,
      organizationId: absenceSubstitutes.organizationId,
      organizationName: organizations.name,
      substitute: { id: users.id, name: fullName },
    })
    .from(absenceSubstitutes)
    .innerJoin(organizations, eq(organizations.id, absenceSubstitutes.organizationId))
    .innerJoin(users, eq(users.id, absenceSubstitutes.substituteId))
    .where(
      inArray(
        absenceSubstitutes.absenceId,
        absences.map((absence) => absence.id),
      ),
    )
    .orderBy(asc(organizations.name));
  return absences.map((absence) => ({
    absence,
    substitutes: rows
      .filter((row) => row.absenceId === absence.id)
      .map(({ absenceId: _absenceId, ...substitute }) => substitute),
  }));
}

/** GET /api/advisors/{advisorId}/time-away: what has not ended by `today` (UTC), soonest first. */
export async function listTimeAway(db: Database, actor: Actor, advisorId: string, today: string) {
  const id = await advisorToManage(db, actor, advisorId);
  const absences = await db
    .select()
    .from(advisorAbsences)
    .where(and(eq(advisorAbsences.advisorId, id), gte(advisorAbsences.endsOn, today)))
    .orderBy(asc(advisorAbsences.startsOn));
  return withSubstitutes(db, absences);
}

type CreateTimeAway = z.output<typeof createTimeAwayBody>;

/**
 * POST /api/advisors/{advisorId}/time-away. Each substitute names an organization the advisor
 * advises and another advisor actively assigned to it (400 naming the field otherwise).
 */
export async function createTimeAway(db: Database, actor: Actor, advisorId: string, body: CreateTimeAway) {
  const id = await advisorToManage(db, actor, advisorId);
  for (const [index, { organizationId, substituteId }] of body.substitutes.entries()) {
    const [advised] = await db
      .select({ one: sql`1` })
      .from(advisorAssignments)
      .where(activeAssignment(id, organizationId))
      .limit(1);
    if (!advised) throw badField(`substitutes.${index}.organizationId`, UI_TEXT.timeAwayOrganizationInvalid);
    const [standsIn] =
      substituteId === id
        ? []
        : await db
            .select({ one: sql`1` })
            .from(advisorAssignments)
            .innerJoin(users, eq(users.id, advisorAssignments.advisorId))
            .where(and(activeAssignment(substituteId, organizationId), eq(users.isActive, true)))
            .limit(1);
    if (!standsIn) throw badField(`substitutes.${index}.substituteId`, UI_TEXT.timeAwaySubstituteInvalid);
  }
  const absenceId = await db.transaction(async (tx) => {
    const [absence] = await tx
      .insert(advisorAbsences)
      .values({
        advisorId: id,
        startsOn: body.startsOn,
        endsOn: body.endsOn,
        note: body.note ?? null,
        createdBy: actor.id,
      })
      .returning({ id: advisorAbsences.id });
    if (!absence) throw new Error('insert returned no row');
    if (body.substitutes.length > 0) {
      await tx.insert(absenceSubstitutes).values(body.substitutes.map((one) => ({ absenceId: absence.id, ...one })));
    }
    return absence.id;
  });
  const [created] = await withSubstitutes(
    db,
    await db.select().from(advisorAbsences).where(eq(advisorAbsences.id, absenceId)),
  );
  if (!created) throw notFound(UI_TEXT.timeAwayNotFound);
  return created;
}

/** DELETE /api/advisors/{advisorId}/time-away/{id}. */
export async function deleteTimeAway(db: Database, actor: Actor, advisorId: string, absenceId: string) {
  const id = await advisorToManage(db, actor, advisorId);
  const deleted = await db
    .delete(advisorAbsences)
    .where(and(eq(advisorAbsences.id, absenceId), eq(advisorAbsences.advisorId, id)))
    .returning({ id: advisorAbsences.id });
  if (deleted.length === 0) throw notFound(UI_TEXT.timeAwayNotFound);
}

// ---- what others ask of it ----

/** The advisor's days away between two dates (both included, its zone's), as date ranges. */
export function awayRanges(db: Database, advisorId: string, from: string, to: string) {
  return db
    .select({ startsOn: advisorAbsences.startsOn, endsOn: advisorAbsences.endsOn })
    .from(advisorAbsences)
    .where(
      and(
        eq(advisorAbsences.advisorId, advisorId),
        lte(advisorAbsences.startsOn, to),
        gte(advisorAbsences.endsOn, from),
      ),
    );
}

/**
 * The advisor's time away that covers `day` or begins by `until` (its zone's dates), with who stands
 * in for the organization: the one that starts first; null when none.
 */
export async function awayNotice(
  db: Database,
  advisorId: string,
  organizationId: string | null,
  day: string,
  until: string = day,
): Promise<AwayNotice | null> {
  const [row] = await db
    .select({
      endsOn: advisorAbsences.endsOn,
      substituteId: absenceSubstitutes.substituteId,
      substituteName: sql<string | null>`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users}
        where ${users.id} = ${absenceSubstitutes.substituteId})`,
    })
    .from(advisorAbsences)
    .leftJoin(
      absenceSubstitutes,
      and(
        eq(absenceSubstitutes.absenceId, advisorAbsences.id),
        organizationId ? eq(absenceSubstitutes.organizationId, organizationId) : sql`false`,
      ),
    )
    .where(
      and(
        eq(advisorAbsences.advisorId, advisorId),
        lte(advisorAbsences.startsOn, until),
        gte(advisorAbsences.endsOn, day),
      ),
    )
    .orderBy(asc(advisorAbsences.startsOn))
    .limit(1);
  if (!row) return null;
  return {
    advisorId,
    until: row.endsOn,
    substitute: row.substituteId ? { id: row.substituteId, name: row.substituteName ?? '' } : null,
  };
}

/**
 * awayNotice on the day `instant` falls on in the advisor's zone (its availability's, else its
 * profile's; one PostgreSQL does not know counts as UTC): time away is whole days on its calendar.
 */
export async function awayNoticeAt(db: Database, advisorId: string, organizationId: string, instant: Date) {
  const { rows } =
    (await db.execute(sql`select to_char((${instant.toISOString()}::timestamptz at time zone known_time_zone(
      coalesce((select time_zone from advisor_availability where advisor_id = ${advisorId}),
        (select time_zone from users where id = ${advisorId}))))::date, 'YYYY-MM-DD') as day`)) as unknown as {
      rows: { day: string }[];
    };
  const day = rows[0]?.day ?? instant.toISOString().slice(0, 10);
  return awayNotice(db, advisorId, organizationId, day);
}

/**
 * Records the caller stands in for `today` (the caller's date; the database's by default): assigned to an advisor away now, in an organization
 * where the caller is its substitute. A condition on a record's assignee and organization columns
 * (My work's tickets), read from absence_substitutes_substitute_idx.
 */
export function standingInFor(
  substituteId: string,
  assigneeColumn: AnyPgColumn,
  organizationColumn: AnyPgColumn,
  today: SQL = sql`current_date`,
): SQL {
  return sql`(${assigneeColumn}, ${organizationColumn}) in (
    select a.advisor_id, s.organization_id from ${absenceSubstitutes} s join ${advisorAbsences} a on a.id = s.absence_id
    where s.substitute_id = ${substituteId} and ${today} between a.starts_on and a.ends_on)`;
}

/**
 * The advisor's time away covering today (the database's date), as JSON for a record that names an
 * advisor and an organization (a conversation): `{until, substituteId, substituteName}`, or null.
 */
export function awayNoticeJson(advisorColumn: AnyPgColumn, organizationColumn: AnyPgColumn): SQL<AwayJson | null> {
  return sql<AwayJson | null>`(
    select json_build_object('until', a.ends_on, 'substituteId', s.substitute_id,
      'substituteName', (select trim(u.first_name || ' ' || u.last_name) from ${users} u where u.id = s.substitute_id))
    from ${advisorAbsences} a
      left join ${absenceSubstitutes} s on s.absence_id = a.id and s.organization_id = ${organizationColumn}
    where a.advisor_id = ${advisorColumn} and current_date between a.starts_on and a.ends_on
    order by a.starts_on limit 1)`;
}

/** What awayNoticeJson gives. */
export interface AwayJson {
  until: string;
  substituteId: string | null;
  substituteName: string | null;
}

/** That JSON as the API's notice. */
export const presentAwayJson = (advisorId: string, away: AwayJson | null): AwayNotice | null =>
  away
    ? {
        advisorId,
        until: away.until,
        substitute: away.substituteId ? { id: away.substituteId, name: away.substituteName ?? '' } : null,
      }
    : null;
