import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Short secrets encrypted at rest with AES-256-GCM (authenticated: a changed byte or another key
 * fails to open instead of yielding garbage). Each secret is sealed for a context, bound as the
 * additional data: a value copied into another user's row does not open there.
 * Stored as `v1.<iv>.<ciphertext>.<tag>` (base64url), the version leaving room for another key.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** The plaintext; throws when the value was changed, sealed for another context or with another key. */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('An AES-256 key is 32 bytes');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, ciphertext, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !ciphertext || !tag) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        .setAAD(Buffer.from(context))
        .setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // Never the key or the value in the message: it may reach a log.
        throw new Error('A sealed secret did not open: another key, or a changed value');
      }
    },
  };
}
