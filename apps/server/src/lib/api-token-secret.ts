import { randomBytes } from 'node:crypto';
import { API_TOKEN_LIMITS, API_TOKEN_PREFIX } from '@smart/contracts';

/*
 * An API token's secret (decision 0276): `smart_pat_`, 32 random bytes in base62 (43 characters),
 * and a 6-character base62 CRC32 of those, the form GitHub uses, so secret scanners can recognize
 * a leaked token without asking us, and a typo is refused without a database read.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 43;
const CHECKSUM_LENGTH = 6;

function base62(value: bigint, length: number): string {
  let text = '';
  let rest = value;
  for (let index = 0; index < length; index++) {
    text = BASE62[Number(rest % 62n)] + text;
    rest /= 62n;
  }
  return text;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const checksumOf = (body: string) => base62(BigInt(crc32(body)), CHECKSUM_LENGTH);

/** A new secret. */
export function newApiTokenSecret(): string {
  const body = base62(BigInt(`0x${randomBytes(32).toString('hex')}`), BODY_LENGTH);
  return `${API_TOKEN_PREFIX}${body}${checksumOf(body)}`;
}

/** Whether a bearer value has a token's form and a right checksum (else it is no token of ours). */
export function isApiTokenSecret(value: string): boolean {
  if (value.length !== API_TOKEN_PREFIX.length + BODY_LENGTH + CHECKSUM_LENGTH) return false;
  if (value.length > API_TOKEN_LIMITS.secretMax || !value.startsWith(API_TOKEN_PREFIX)) return false;
  const rest = value.slice(API_TOKEN_PREFIX.length);
  if (!/^[0-9A-Za-z]+$/.test(rest)) return false;
  return checksumOf(rest.slice(0, BODY_LENGTH)) === rest.slice(BODY_LENGTH);
}

/** What lists show of a secret: its prefix and first characters. */
export const apiTokenDisplayPrefix = (secret: string) => secret.slice(0, API_TOKEN_PREFIX.length + 4);
