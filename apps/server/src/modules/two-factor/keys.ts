import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import { type SecretBox, secretBox } from '../../lib/secret-box.js';

/** Where the embedded database's installation keeps its key: beside the database, never inside it. */
export const KEY_FILE_NAME = 'two-factor.key';

/** What the second factor needs from the one key of TWO_FACTOR_ENCRYPTION_KEY. */
export interface TwoFactorKeys {
  /** Encrypts the TOTP secrets (AES-256-GCM, sealed for their user). */
  secrets: SecretBox;
  /** The stored form of a recovery code: HMAC-SHA256 for its user, so a copy of the database alone cannot test guesses. */
  recoveryCodeHash(userId: string, normalizedCode: string): string;
}

/** Keys from one, each for one use (HKDF-SHA256): the second factor's two, the calendar feeds' (scheduling/feed.ts). */
export const deriveKey = (key: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32));

export function twoFactorKeys(key: Buffer): TwoFactorKeys {
  const hashKey = deriveKey(key, 'smart two-factor recovery codes');
  return {
    secrets: secretBox(deriveKey(key, 'smart two-factor secrets')),
    recoveryCodeHash: (userId, code) => createHmac('sha256', hashKey).update(`${userId}:${code}`).digest('hex'),
  };
}

/**
 * The key of TWO_FACTOR_ENCRYPTION_KEY; without it (only possible with the embedded PGlite: the
 * configuration refuses PostgreSQL without one), the key file in DATA_DIR, made once with mode 0600.
 * Returns whether the file was made now, for the start-up log.
 */
export async function loadTwoFactorKey(config: Pick<Config, 'twoFactorKey' | 'dataDir'>) {
  if (config.twoFactorKey) return { key: config.twoFactorKey, createdFile: null };
  const file = path.join(config.dataDir, KEY_FILE_NAME);
  await mkdir(config.dataDir, { recursive: true });
  try {
    // 'wx': made only if absent, so a key once used is never replaced.
    await writeFile(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    return { key: await readKeyFile(file), createdFile: file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: await readKeyFile(file), createdFile: null };
  }
}

async function readKeyFile(file: string): Promise<Buffer> {
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key; restore it from a backup`);
  return key;
}
