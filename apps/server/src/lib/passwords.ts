import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

/**
 * The stored "hash" of an account that has no password yet (a member imported from CSV chooses
 * one through its welcome link): not an argon2 hash, so no password matches it, and making one
 * costs nothing (an import of 1,000 members hashes nothing).
 */
export const NO_PASSWORD = '!no-password';

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // Checked against the decoy all the same: an account without a password answers in the same time.
  const usable = passwordHash !== NO_PASSWORD;
  try {
    const matches = await verify(usable ? passwordHash : await decoyPasswordHash(), password);
    return usable && matches;
  } catch {
    return false;
  }
}

/** Verified against when the e-mail is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  return decoyHash;
}
