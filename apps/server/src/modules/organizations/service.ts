import type { createOrganizationBody, PageQuery, updateOrganizationBody } from '@smart/contracts';
import { type DomainEventInput, UI_TEXT } from '@smart/contracts';
import { and, eq, getTableColumns, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { files, organizations, sessions, users } from '../../db/schema/index.js';
import { publish } from '../../events/stream.js';
import { recordAudit } from '../../lib/audit.js';
import { givenChanges } from '../../lib/changes.js';
import { conflict, conflictOnDuplicate, forbidden, isForeignKeyViolation, notFound } from '../../lib/errors.js';
import { countWhere, orderFor, paginate } from '../../lib/paging.js';
import { containsPattern, qualified } from '../../lib/sql.js';
import {
  type Actor,
  canActInOrganization,
  organizationsWorkedFor,
  requireManageIn,
  seesAllOrganizations,
} from '../../lib/tenancy.js';
import type { FileStorage } from '../../storage/index.js';
import { changePicture, lockedPicture, publishPicture, removeStoredFiles } from '../files/index.js';
import { organizationEvent, settingsEvents } from './audit.js';
import { type ClosingAnnouncement, registeredClosingHooks } from './closing.js';
import { canChangeSeats } from './policy.js';

export async function findOrganization(db: Database, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ?? null;
}

export async function findPlatformOrganization(db: Database) {
  const [row] = await db.select().from(organizations).where(eq(organizations.isPlatform, true)).limit(1);
  return row ?? null;
}

/** The outer query's organization's active member count, read from a partial index. */
export const memberCount = sql<number>`(
  select count(*) from ${users} where ${users.organizationId} = ${qualified(organizations.id)} and ${users.isActive}
)`.mapWith(Number);

/** Organizations with their active member count; the count runs for the selected rows only. */
function selectOrganizations(db: Database) {
  return db.select({ ...getTableColumns(organizations), memberCount }).from(organizations);
}

/** Organizations in lists: admin all, an advisor those it advises, others their own; `search` keeps names containing it. */
export function listOrganizationsVisibleTo(
  db: Database,
  actor: Actor,
  query: PageQuery & { search?: string | undefined },
) {
  const nameContains = query.search ? ilike(organizations.name, containsPattern(query.search)) : undefined;
  const where = and(organizationsWorkedFor(actor, organizations.id), nameContains) ?? sql`true`;
  return paginate(query, {
    count: () => countWhere(db, organizations, where),
    rows: (window) =>
      selectOrganizations(db)
        .where(where)
        .orderBy(...orderFor(window, [organizations.name, organizations.id]))
        .limit(window.limit)
        .offset(window.offset),
  });
}

/** The organization if the actor may read it; 404 otherwise (never reveal another tenant's record). */
export async function getOrganizationFor(db: Database, actor: Actor, id: string) {
  const [row] = (await canActInOrganization(db, actor, id))
    ? await selectOrganizations(db).where(eq(organizations.id, id)).limit(1)
    : [];
  if (!row) throw notFound(UI_TEXT.organizationNotFound);
  return row;
}

type OrganizationInput = z.output<typeof updateOrganizationBody>;

/** Body → column changes; fields left out stay as they are, the address merges field by field. */
function organizationChanges(input: OrganizationInput, current?: { address: unknown }) {
  const contact = input.contact ?? {};
  const address = contact.address
    ? { ...((current?.address as Record<string, unknown> | null) ?? {}), ...contact.address }
    : undefined;
  return givenChanges({
    name: input.name,
    website: input.website,
    description: input.description,
    domain: input.domain,
    logo: input.logo,
    contactEmail: contact.email,
    contactPhone: contact.phone,
    address,
    seats: input.seats,
    timeZone: input.timeZone,
  });
}

export async function updateOrganizationFor(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
  input: OrganizationInput,
) {
  const current = await getOrganizationFor(db, actor, id);
  requireManageIn(actor, id, 'canManageSettings');
  if (input.seats !== undefined && input.seats !== current.seats && !canChangeSeats(actor, current)) {
    throw forbidden(UI_TEXT.seatsChangedByAdminOnly);
  }
  const changes = organizationChanges(input, current);
  await changePicture(db, storage, actor.id, {
    next: input.logo,
    current: lockedPicture(organizations.logo, organizations.id, id),
    write: async (tx) => {
      await conflictOnDuplicate(
        tx
          .update(organizations)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(organizations.id, id)),
        UI_TEXT.organizationNameTaken,
        'name',
      );
      await recordAudit(tx, actor.id, settingsEvents(current, changes));
    },
  });
  return getOrganizationFor(db, actor, id);
}

/** Creating and deleting organizations is a platform decision (canAccessAllOrganizations). */
export async function createOrganization(db: Database, actor: Actor, input: z.output<typeof createOrganizationBody>) {
  if (!seesAllOrganizations(actor)) throw forbidden();
  // Its time zone is its creator's until its org_admin says otherwise.
  const [creator] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, actor.id)).limit(1);
  const timeZone = input.timeZone ?? creator?.timeZone ?? undefined;
  const [created] = await db.transaction(async (tx) => {
    if (input.logo) await publishPicture(tx, actor.id, input.logo);
    const rows = await conflictOnDuplicate(
      tx
        .insert(organizations)
        .values({ name: input.name, ...organizationChanges({ ...input, timeZone }) })
        .returning({ id: organizations.id }),
      UI_TEXT.organizationNameTaken,
      'name',
    );
    if (rows[0])
      await recordAudit(tx, actor.id, [
        organizationEvent({ id: rows[0].id, name: input.name }, 'organization.created'),
      ]);
    return rows;
  });
  if (!created) throw new Error('insert returned no row');
  return getOrganizationFor(db, actor, created.id);
}

/**
 * Deletes an organization that has no members left (409 otherwise: nothing is lost silently).
 * Its departments, teams, advisor assignments and files go with it; the files' bytes and its
 * logo's once the deletion commits.
 */
export async function deleteOrganization(db: Database, storage: FileStorage, actor: Actor, id: string) {
  if (!seesAllOrganizations(actor)) throw forbidden();
  const organization = await findOrganization(db, id);
  if (!organization) throw notFound(UI_TEXT.organizationNotFound);
  if (organization.isPlatform) throw conflict(UI_TEXT.platformOrganizationLocked);
  if ((await countWhere(db, users, eq(users.organizationId, id))) > 0) throw conflict(UI_TEXT.organizationHasMembers);
  let removedKeys: string[];
  try {
    removedKeys = await changePicture(db, storage, actor.id, {
      next: null,
      current: lockedPicture(organizations.logo, organizations.id, id),
      write: async (tx) => {
        const removed = await tx.delete(files).where(eq(files.organizationId, id)).returning({ key: files.key });
        await tx.delete(organizations).where(eq(organizations.id, id));
        return removed.map((file) => file.key);
      },
    });
  } catch (error) {
    // A member registered between the check and the delete: the foreign key refuses it.
    if (isForeignKeyViolation(error)) throw conflict(UI_TEXT.organizationHasMembers);
    throw error;
  }
  await removeStoredFiles(storage, removedKeys);
}

/** A closing or reopening, as the stream tells it (docs/decisions/0250-one-domain-event-stream.md). */
const organizationChanged = (
  type: 'organization.closed' | 'organization.reopened',
  organization: { id: string; name: string },
  actorId: string,
): DomainEventInput => ({
  type,
  organizationId: organization.id,
  actorId,
  payload: { organizationName: organization.name },
});
/**
 * Closes the organization account: its people's sessions end and they cannot sign in until an
 * admin reopens it; nothing is deleted. Its members are told (by SMS too) in the same transaction,
 * and its future sessions with advisors are cancelled and their people told.
 * Returns the closed organization, the ended sign-in sessions' ids (for their sockets) and what the
 * closing hooks (modules/organizations/closing.ts) announce after the commit.
 */
export async function closeOrganization(db: Database, actor: Actor, id: string, now = new Date()) {
  const organization = await getOrganizationFor(db, actor, id);
  requireManageIn(actor, id, 'canManageSettings');
  if (organization.isPlatform) throw forbidden(UI_TEXT.platformOrganizationCannotClose);
  if (organization.closedAt) throw conflict(UI_TEXT.organizationAlreadyClosed);
  const closing = await db.transaction(async (tx) => {
    const closed = await closeInTransaction(db, tx, organization, actor.id, now);
    if (!closed) throw conflict(UI_TEXT.organizationAlreadyClosed);
    return closed;
  });
  return { organization: await getOrganizationFor(db, actor, id), ...closing };
}

/** What a closing leaves to do once it committed: the sockets of the ended sign-ins, and the hooks' announcements. */
export interface Closed {
  revokedSessionIds: string[];
  announcements: ClosingAnnouncement[];
}

/**
 * Closes an open organization in the caller's transaction (null when it was closed already): the
 * audit line, the domain event (its members are told), the modules' closing hooks (scheduling
 * cancels its future sessions) and the end of its people's sign-ins. Closing and erasing an open
 * organization (erasure.ts) both run it.
 */
export async function closeInTransaction(
  db: Database,
  tx: Database,
  organization: { id: string; name: string },
  actorId: string,
  now: Date,
): Promise<Closed | null> {
  const [closed] = await tx
    .update(organizations)
    .set({ closedAt: new Date(), closedBy: actorId, updatedAt: new Date() })
    .where(and(eq(organizations.id, organization.id), isNull(organizations.closedAt)))
    .returning({ id: organizations.id });
  if (!closed) return null;
  await recordAudit(tx, actorId, [organizationEvent(organization, 'organization.closed')]);
  await publish(db, tx, organizationChanged('organization.closed', organization, actorId));
  const announcements: ClosingAnnouncement[] = [];
  for (const closing of registeredClosingHooks())
    announcements.push(
      await closing({
        db,
        tx,
        organization: { organizationId: organization.id, organizationName: organization.name },
        actorId,
        now,
      }),
    );
  const members = tx.select({ id: users.id }).from(users).where(eq(users.organizationId, organization.id));
  const ended = await tx.delete(sessions).where(inArray(sessions.userId, members)).returning({ id: sessions.id });
  return { revokedSessionIds: ended.map((row) => row.id), announcements };
}

/** Reopens a closed organization account (admin): its people can sign in again, and are told so. */
export async function reopenOrganization(db: Database, actor: Actor, id: string) {
  const organization = await getOrganizationFor(db, actor, id);
  if (!seesAllOrganizations(actor)) throw forbidden();
  if (!organization.closedAt) throw conflict(UI_TEXT.organizationNotClosed);
  if (organization.erasureStartedAt) throw conflict(UI_TEXT.organizationBeingErased);
  await db.transaction(async (tx) => {
    const reopened = await tx
      .update(organizations)
      .set({ closedAt: null, closedBy: null, updatedAt: new Date() })
      .where(and(eq(organizations.id, id), isNotNull(organizations.closedAt), isNull(organizations.erasureStartedAt)))
      .returning({ id: organizations.id });
    if (reopened.length === 0) return;
    await publish(db, tx, organizationChanged('organization.reopened', organization, actor.id));
    await recordAudit(tx, actor.id, [organizationEvent(organization, 'organization.reopened')]);
  });
  return getOrganizationFor(db, actor, id);
}
