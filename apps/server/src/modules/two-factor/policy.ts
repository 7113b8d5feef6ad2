import type { UserRow } from '../../db/schema/index.js';
import { type Actor, seesAllOrganizations } from '../../lib/tenancy.js';

/**
 * Resetting someone's second factor (they lost their phone and their recovery codes): a platform
 * admin, for anyone who has one but itself (its own is turned off with its password and a code).
 */
export const canResetTwoFactor = (actor: Actor, user: Pick<UserRow, 'id' | 'twoFactorEnabledAt'>) =>
  seesAllOrganizations(actor) && user.id !== actor.id && user.twoFactorEnabledAt !== null;
