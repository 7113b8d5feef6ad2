import { MAX_EMAIL_LENGTH, MIN_PHONE_DIGITS } from './limits.js';

/** A plausible address: something@domain.tld, no spaces or control characters. An '@' alone is not enough. */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/** The characters a written phone number uses; the form of numbers differs too much by country to check more. */
const PHONE_CHARACTERS = /^[\d\s+()-]+$/;

/** A loosely checked phone number: digits, spaces, + ( ) - only, and at least MIN_PHONE_DIGITS digits. */
export function isPhone(value: string): boolean {
  return PHONE_CHARACTERS.test(value) && value.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;
}

/** An IANA time-zone name this runtime knows ("Europe/Berlin"); the browser's own is always one. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
