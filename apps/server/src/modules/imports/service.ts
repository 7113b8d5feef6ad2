import { importSeatLimitMessage, type MemberImportReport, UI_TEXT } from '@smart/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { departments, organizations, users } from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import type { JobQueue } from '../../jobs/queue.js';
import { personLabel, recordAudit } from '../../lib/audit.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { memberAdded } from '../../lib/member-events.js';
import { NO_PASSWORD } from '../../lib/passwords.js';
import { type Actor, requireActsInNamed, requireManageIn, seesAllOrganizations } from '../../lib/tenancy.js';
import { seatsLeft } from '../organizations/index.js';
import { WELCOME_MAIL_QUEUE, type WelcomeMailJob } from '../password-reset/index.js';
import { type CheckedRow, checkMemberRows, type ParsedRow } from './member-rows.js';

/** The organization members are imported into. */
export interface ImportTarget {
  id: string;
  name: string;
  isPlatform: boolean;
}

/**
 * The organization an actor imports members into, decided before the file is read, as registration
 * decides it: an org_admin's own (naming another is 404); the one an admin names (400 without one).
 * Without canManageUsers there, 403.
 */
export async function importTarget(db: Database, actor: Actor, requested: string | undefined): Promise<ImportTarget> {
  await requireActsInNamed(db, actor, requested);
  const organizationId = seesAllOrganizations(actor) ? requested : actor.organizationId;
  if (!organizationId) throw badRequest(UI_TEXT.organizationRequired);
  requireManageIn(actor, organizationId, 'canManageUsers');
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name, isPlatform: organizations.isPlatform })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!organization) throw notFound(UI_TEXT.organizationNotFound);
  return organization;
}

const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((value) => !!value))] as string[];

/**
 * A file's rows (parsed by member-rows.ts's parseMemberFile) checked against the organization and
 * the database: two indexed queries whatever its size (the addresses already taken, through the
 * e-mail's unique index; the departments named, through the organization's unique index of
 * lower-case names).
 */
async function checkFile(db: Database, actor: Actor, organization: ImportTarget, parsed: readonly ParsedRow[]) {
  const emails = distinct(parsed.map((row) => row.fields.email));
  const departmentNames = distinct(parsed.map((row) => row.fields.department?.toLowerCase()));
  const lowerName = sql<string>`lower(${departments.name})`;
  const [taken, named] = await Promise.all([
    emails.length > 0 ? db.select({ email: users.email }).from(users).where(inArray(users.email, emails)) : [],
    departmentNames.length > 0
      ? db
          .select({ id: departments.id, name: lowerName })
          .from(departments)
          .where(and(eq(departments.organizationId, organization.id), inArray(lowerName, departmentNames)))
      : [],
  ]);
  return checkMemberRows(parsed, {
    actor,
    organization,
    takenEmails: new Set(taken.map((row) => row.email)),
    departmentIds: new Map(named.map((row) => [row.name, row.id])),
  });
}

/** The report of checked rows; with the ids of the members made, an import's. */
function reportOf(
  organization: ImportTarget,
  rows: readonly CheckedRow[],
  seatsAvailable: number,
  memberIds?: ReadonlyMap<string, string>,
): MemberImportReport {
  const valid = rows.filter((row) => row.member).length;
  const invalid = rows.length - valid;
  return {
    organizationId: organization.id,
    organizationName: organization.name,
    imported: memberIds !== undefined,
    rows: rows.map(({ row, values, problems, member }) => ({
      row,
      values,
      problems,
      memberId: (member && memberIds?.get(member.email)) ?? null,
    })),
    summary: { rows: rows.length, valid, invalid, seatsAvailable },
    refusal:
      invalid > 0
        ? UI_TEXT.importHasProblems
        : valid > seatsAvailable
          ? importSeatLimitMessage(valid, seatsAvailable)
          : null,
  };
}

/** POST /api/imports/members/preview: every row's problems and the seats left; nothing is written. */
export async function previewMemberImport(
  db: Database,
  actor: Actor,
  organization: ImportTarget,
  file: readonly ParsedRow[],
) {
  const rows = await checkFile(db, actor, organization, file);
  return reportOf(organization, rows, await seatsLeft(db, organization.id));
}

/**
 * POST /api/imports/members: the file checked again as the preview checks it. A file with any
 * problem, or with more members than seats left, is refused whole: the report (`imported` false)
 * says why and nothing is written. Else one transaction holds it all: the organization's seats
 * counted again under its row's lock, every member inserted in one statement, without a password
 * (NO_PASSWORD: nothing to hash), an audit line for each, and one welcome e-mail job each, which
 * exists if and only if the members do. An address taken meanwhile is 409 and nothing is written.
 */
export async function importMembers(
  db: Database,
  jobs: JobQueue,
  actor: Actor,
  organization: ImportTarget,
  file: readonly ParsedRow[],
): Promise<MemberImportReport> {
  const rows = await checkFile(db, actor, organization, file);
  const checked = reportOf(organization, rows, await seatsLeft(db, organization.id));
  if (checked.refusal) return checked;
  const members = rows.flatMap((row) => (row.member ? [row.member] : []));
  try {
    return await db.transaction(async (tx) => {
      const seats = await seatsLeft(tx, organization.id, { forUpdate: true });
      if (members.length > seats) return reportOf(organization, rows, seats);
      const added = await tx
        .insert(users)
        .values(members.map((member) => ({ ...member, organizationId: organization.id, passwordHash: NO_PASSWORD })))
        .returning({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
        });
      await recordAudit(
        tx,
        actor.id,
        added.map((member) => ({
          organizationId: organization.id,
          action: 'member.added' as const,
          target: { type: 'member' as const, id: member.id, label: personLabel(member) },
          to: member.role,
        })),
      );
      await publish(
        db,
        tx,
        added.map((member) => memberAdded(organization.id, member, 'imported', actor.id)),
      );
      await jobs.insertIn(
        tx,
        added.map((member) => ({
          name: WELCOME_MAIL_QUEUE,
          data: { userId: member.id, addedById: actor.id } satisfies WelcomeMailJob,
        })),
      );
      return reportOf(organization, rows, seats, new Map(added.map((member) => [member.email, member.id])));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(UI_TEXT.emailTaken);
    throw error;
  }
}
