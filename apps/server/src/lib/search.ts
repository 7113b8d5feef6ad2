import { ilike, type SQL } from 'drizzle-orm';
import { containsPattern } from './sql.js';

/** pg_trgm indexes three-character pieces: a shorter search matches nearly everything. */
const TRIGRAM_LENGTH = 3;

/**
 * "The text contains" (case-insensitive) on an expression a trigram index covers (write it with
 * the index's own function, e.g. workSearchText, ticketSearchText), and whether a page should be
 * chosen among the matches first (lib/paging.ts matchesFirst).
 */
export function trigramSearch(
  text: SQL,
  search: string | undefined,
): { condition: SQL | undefined; matchesFirst: boolean } {
  if (!search) return { condition: undefined, matchesFirst: false };
  return { condition: ilike(text, containsPattern(search)), matchesFirst: search.length >= TRIGRAM_LENGTH };
}
