import { MAX_URL_LENGTH } from '../limits.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString } from './common.js';
import { FILE_URL_PATTERN } from './files.js';

const isHttpUrl = (value: string) => {
  // Browsers' URL parsers accept a space in a host name where Node's refuses it: refuse it everywhere.
  if (/\s/.test(value) || !URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
};

/**
 * An optional web address: http(s) only, so a stored link can never run script (`javascript:`,
 * `data:`). A bare domain gets https:// in front; empty clears the field.
 */
export const websiteField = boundedString(MAX_URL_LENGTH)
  .trim()
  .transform((value) => (value && !/^https?:\/\//i.test(value) ? `https://${value}` : value))
  .refine((value) => value === '' || isHttpUrl(value), UI_TEXT.websiteInvalid)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/**
 * An optional picture (avatar, logo): only this app's own file URLs (`/api/files/{key}`, as an upload
 * returns it), never a foreign or script URL. The server also checks that the file is an image.
 */
export const imageUrlField = boundedString(MAX_URL_LENGTH)
  .trim()
  .refine((value) => value === '' || FILE_URL_PATTERN.test(value), UI_TEXT.imageUrlInvalid)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();
