import { randomBytes } from 'node:crypto';
import { formatRecoveryCode, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@smart/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { twoFactorRecoveryCodes } from '../../db/schema/index.js';
import type { TwoFactorKeys } from './keys.js';

/** Crockford's base 32: no i, l, o or u, so a code read aloud or off paper is not misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** One code: each random byte picks one of 32 characters (256 is a multiple of 32: no bias). */
const newRecoveryCode = () =>
  [...randomBytes(RECOVERY_CODE_LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');

type Writer = Pick<Database, 'insert' | 'delete'>;

/**
 * A new set of recovery codes for the user, replacing the old set (which stops working). Only the
 * codes' hashes are stored; the codes themselves are returned once, formatted xxxxx-xxxxx.
 */
export async function replaceRecoveryCodes(tx: Writer, keys: TwoFactorKeys, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx
    .insert(twoFactorRecoveryCodes)
    .values([...codes].map((code) => ({ userId, codeHash: keys.recoveryCodeHash(userId, code) })));
  return [...codes].map(formatRecoveryCode);
}

/** Uses up one unused recovery code of the user (normalized). One UPDATE decides: of two uses at once, one wins. */
export async function useRecoveryCode(db: Database, keys: TwoFactorKeys, userId: string, code: string) {
  const [used] = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, keys.recoveryCodeHash(userId, code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used !== undefined;
}
