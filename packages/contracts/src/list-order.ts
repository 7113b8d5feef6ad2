/**
 * Sorted lists: a list names its sort keys once (a `…_SORTS` tuple, the server's
 * whitelist) with the way each runs when the request names none, and takes `order` to turn it.
 */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The direction a request's sort runs in: the one it names, else the key's own (dates newest first, names A→Z). */
export function sortOrderOf<Key extends string>(
  defaults: Record<Key, SortOrder>,
  sort: Key,
  order: SortOrder | undefined,
): SortOrder {
  return order ?? defaults[sort];
}

export const reverseOrder = (order: SortOrder): SortOrder => (order === 'asc' ? 'desc' : 'asc');
