import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_NAME_LENGTH, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../limits.js';
import { SORT_ORDERS } from '../list-order.js';
import { tooLongMessage, UI_TEXT } from '../ui-text.js';
import { isPhone } from '../validation.js';

/**
 * A string of at most `max` characters. The cap is the first check and ends validation when it
 * fails, so no later check (a regex, a grapheme split, a URL parse) ever runs on a huge value.
 * Every string a request may carry is built on this.
 */
export function boundedString(max: number, typeMessage?: string) {
  return z
    .string(typeMessage ? { error: typeMessage } : undefined)
    .max(max, { error: tooLongMessage(max), abort: true });
}

/** Required text: trimmed, not empty (`message` for missing, wrong type or blank), at most `max` characters. */
export const requiredText = (message: string, max: number) => boundedString(max, message).trim().min(1, message);

/**
 * A one-line field holds no control character (line breaks, tabs, C0, DEL, C1) and no Unicode
 * line or paragraph separator: a name or title with a line break would show as a line of its own
 * in a notification e-mail's plain text (a fake header line) and in every list.
 */
export const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

/** `schema` (a string, trimmed first where it trims) held to one line, refused with UI_TEXT.singleLine. */
export const singleLine = (schema: z.ZodString) => schema.regex(ONE_LINE, UI_TEXT.singleLine);

/** Required one-line text: names, titles, topics (requiredText, held to one line). */
export const requiredLine = (message: string, max: number) => singleLine(requiredText(message, max));

/**
 * An instant with its offset ("2026-03-09T13:00:00Z"), at most `max` characters, from the year 1 on:
 * zod's ISO datetime takes the year 0000, which PostgreSQL has not (a 500 from the cast).
 */
export const instantText = (max: number) =>
  boundedString(max, UI_TEXT.instantInvalid)
    .pipe(z.iso.datetime({ offset: true, error: UI_TEXT.instantInvalid }))
    .refine((text) => new Date(text).getUTCFullYear() >= 1, UI_TEXT.instantInvalid);

/** Record ids are UUIDs; anything else is answered with 404 by the server. */
export const idSchema = z.uuid().max(36);
/** A record's id in an answer, under both names the answers carry it by: `id` and `_id`. */
export const recordIds = { id: z.string(), _id: z.string() };
export const idParams = z.object({ id: idSchema });

export const errorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  /** INSUFFICIENT_SCOPE: the scope the token lacks. */
  scope: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/**
 * What the caller may do with a record: computed by the
 * same server policy that enforces it, so the web app shows only the controls the server accepts.
 */
export function permissionsSchema<const Key extends string>(...keys: Key[]) {
  return z.object(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as { [K in Key]: z.ZodBoolean });
}

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), pagination: paginationSchema });
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A list's free-text filter: trimmed; blank means no filter. */
export const searchQuery = z.object({
  search: boundedString(MAX_SEARCH_LENGTH)
    .trim()
    .transform((text) => text || undefined)
    .optional(),
});

/** A sorted list's `order`: left out, the sort key's own direction (list-order.ts). */
export const sortOrderSchema = z.enum(SORT_ORDERS);

export const messageEnvelope = z.object({ success: z.literal(true), message: z.string() });

/** A trimmed text that may be left out: empty becomes null. */
const blankAsNull = (schema: z.ZodString) =>
  schema
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** Optional free text: trimmed, empty becomes null. */
export const optionalText = (max: number) => blankAsNull(boundedString(max).trim());

/** Optional one-line text (a job title, a city): trimmed, held to one line, empty becomes null. */
export const optionalLine = (max: number) => blankAsNull(singleLine(boundedString(max).trim()));

/** An optional phone number, loosely checked (`isPhone`): trimmed, empty becomes null. */
export const phoneField = boundedString(MAX_NAME_LENGTH)
  .trim()
  .refine((value) => value === '' || isPhone(value), UI_TEXT.phoneInvalid)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** A count for each of a field's values (stats endpoints: by status, priority, category). */
export function countsSchema<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.object(
    Object.fromEntries(values.map((value) => [value, z.number().int()])) as { [K in Values[number]]: z.ZodNumber },
  );
}
