import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { normalizeRecoveryCode } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { secretBox } from '../../src/lib/secret-box.js';
import { KEY_FILE_NAME, loadTwoFactorKey, twoFactorKeys } from '../../src/modules/two-factor/keys.js';

const key = randomBytes(32);

describe('secret box (AES-256-GCM)', () => {
  const box = secretBox(key);

  it('opens what it sealed, for the same context only', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'user-2')).toThrow('did not open');
  });

  it('seals the same text differently each time (a random IV)', () => {
    expect(box.seal('same', 'user-1')).not.toBe(box.seal('same', 'user-1'));
  });

  it('refuses another key, a changed byte and anything not sealed', () => {
    const sealed = box.seal('secret', 'user-1');
    expect(() => secretBox(randomBytes(32)).open(sealed, 'user-1')).toThrow('did not open');
    const [version, iv, ciphertext = '', tag] = sealed.split('.');
    const flipped = `${ciphertext.startsWith('A') ? 'B' : 'A'}${ciphertext.slice(1)}`;
    expect(() => box.open([version, iv, flipped, tag].join('.'), 'user-1')).toThrow();
    expect(() => box.open('secret', 'user-1')).toThrow('Not a sealed secret');
    expect(() => box.open('v2.a.b.c', 'user-1')).toThrow('Not a sealed secret');
    expect(() => secretBox(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('the two-factor keys', () => {
  it('derive a sealing key and a hashing key of their own from the one key', () => {
    const keys = twoFactorKeys(key);
    // Not the key itself: a value sealed with the raw key does not open.
    expect(() => keys.secrets.open(secretBox(key).seal('x', 'u'), 'u')).toThrow();
    const hash = keys.recoveryCodeHash('user-1', 'abcde12345');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.recoveryCodeHash('user-1', 'abcde12345')).toBe(hash);
    expect(keys.recoveryCodeHash('user-2', 'abcde12345')).not.toBe(hash);
    expect(twoFactorKeys(randomBytes(32)).recoveryCodeHash('user-1', 'abcde12345')).not.toBe(hash);
  });

  it('come from the setting, or from a key file made once in the data directory with mode 0600', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'smart-key-'));
    try {
      expect((await loadTwoFactorKey({ twoFactorKey: key, dataDir })).key).toBe(key);
      const first = await loadTwoFactorKey({ twoFactorKey: undefined, dataDir });
      const file = path.join(dataDir, KEY_FILE_NAME);
      expect(first.createdFile).toBe(file);
      expect(first.key).toHaveLength(32);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const again = await loadTwoFactorKey({ twoFactorKey: undefined, dataDir });
      expect(again.createdFile).toBeNull();
      expect(again.key.equals(first.key)).toBe(true);
      expect((await readFile(file, 'utf8')).trim()).toBe(first.key.toString('base64'));

      await writeFile(file, 'not a key\n');
      await expect(loadTwoFactorKey({ twoFactorKey: undefined, dataDir })).rejects.toThrow('32-byte');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('are read from TWO_FACTOR_ENCRYPTION_KEY (hex or base64), and PostgreSQL refuses to start without it', () => {
    const hex = key.toString('hex');
    expect(loadConfig({ TWO_FACTOR_ENCRYPTION_KEY: hex }).twoFactorKey?.equals(key)).toBe(true);
    expect(loadConfig({ TWO_FACTOR_ENCRYPTION_KEY: key.toString('base64') }).twoFactorKey?.equals(key)).toBe(true);
    expect(loadConfig({}).twoFactorKey).toBeUndefined();
    expect(() => loadConfig({ TWO_FACTOR_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(
      /TWO_FACTOR_ENCRYPTION_KEY/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.internal/smart' })).toThrow(/TWO_FACTOR_ENCRYPTION_KEY/);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db.internal/smart', TWO_FACTOR_ENCRYPTION_KEY: hex }).databaseUrl,
    ).toBe('postgres://db.internal/smart');
  });
});

describe('a typed recovery code', () => {
  it('is compared without case, spaces or dashes, reading i, l and o as 1, 1 and 0', () => {
    expect(normalizeRecoveryCode(' AbCdE-12345 ')).toBe('abcde12345');
    expect(normalizeRecoveryCode('ab cd e1 23 45')).toBe('abcde12345');
    expect(normalizeRecoveryCode('IoL0O-1liOo')).toBe('1010011100');
  });
});
