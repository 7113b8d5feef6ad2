import { availableSeats, MAX_ORGANIZATION_SEATS, UI_TEXT } from '@smart/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { organizations, users } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { countWhere } from '../../lib/paging.js';

/**
 * The seats a customer organization's subscription has left: its seats less its active members
 * (the partial index on active users counts them), never below zero. The platform organization's
 * staff take no seats: it has as many as any organization may have.
 *
 * `forUpdate` (inside the transaction that adds members) locks the organization's row first and
 * counts in a second statement: whoever adds members to the same organization at the same moment
 * waits for the lock, and its count then sees the members the first one added. (Counting in the
 * locking statement would not: under READ COMMITTED its snapshot is taken before the wait.) The
 * lock is FOR NO KEY UPDATE: seat takers wait for each other, while rows merely referring to the
 * organization (tickets, audit lines, members elsewhere in the transaction) do not wait for them.
 */
export async function seatsLeft(db: Database, organizationId: string, { forUpdate = false } = {}): Promise<number> {
  const query = db
    .select({ seats: organizations.seats, isPlatform: organizations.isPlatform })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [organization] = await (forUpdate ? query.for('no key update') : query);
  if (!organization) return 0;
  if (organization.isPlatform) return MAX_ORGANIZATION_SEATS;
  const active = await countWhere(db, users, and(eq(users.organizationId, organizationId), eq(users.isActive, true)));
  return availableSeats(organization.seats, active);
}

/**
 * The one seat rule for a member joining a customer organization (added, reactivated or moved in):
 * 409 with no seat left. Call it inside the transaction that makes the member active there.
 */
export async function requireSeat(tx: Database, organizationId: string): Promise<void> {
  if ((await seatsLeft(tx, organizationId, { forUpdate: true })) < 1) throw conflict(UI_TEXT.noSeatsLeft);
}
