import { z } from 'zod';
import { MAX_SEARCH_LENGTH, SEARCH_DEFAULT_PER_KIND, SEARCH_MAX_PER_KIND } from '../limits.js';
import { SEARCH_KINDS } from '../search.js';
import { UI_TEXT } from '../ui-text.js';
import { boundedString, envelope, idSchema } from './common.js';

/** The longest `types` value: every kind once, comma-separated. */
const MAX_TYPES_LENGTH = SEARCH_KINDS.join(',').length;

const searchKindSchema = z.enum(SEARCH_KINDS, { error: UI_TEXT.searchTypesInvalid });

/**
 * GET /api/search. `q` is trimmed and capped before anything else runs; `types` is a comma-separated
 * list of kinds (repeated keys also work), all kinds when absent; `limit` is per kind.
 */
export const searchEverythingQuery = z.object({
  q: boundedString(MAX_SEARCH_LENGTH).trim().default(''),
  types: z
    // Repeated keys (types=tasks&types=tickets) arrive as an array: read as one list.
    .preprocess((value) => (Array.isArray(value) ? value.join(',') : value), boundedString(MAX_TYPES_LENGTH).optional())
    .transform((value) => (value ? value.split(',') : []))
    .pipe(z.array(searchKindSchema))
    .transform((kinds) => (kinds.length ? [...new Set(kinds)] : [...SEARCH_KINDS])),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_PER_KIND).default(SEARCH_DEFAULT_PER_KIND),
});
export type SearchEverythingQuery = z.input<typeof searchEverythingQuery>;

/** One record found: what it is, a line of context (organization, project, status…) and where the app opens it. */
export const searchResultSchema = z.object({
  id: idSchema,
  kind: searchKindSchema,
  title: z.string(),
  context: z.string(),
  path: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The results of one kind, most recently changed first. */
export const searchGroupSchema = z.object({ kind: searchKindSchema, results: z.array(searchResultSchema) });
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** The kinds with results, in SEARCH_KINDS order; none for a term shorter than SEARCH_MIN_LENGTH. */
export const searchResponseSchema = envelope(z.object({ groups: z.array(searchGroupSchema) }));
