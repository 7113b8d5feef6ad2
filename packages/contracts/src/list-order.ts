/**
 * Sorted lists: a list names its sort keys once, each with the way it runs when the request names
 * none (a `…_SORT_ORDERS` table; its keys, `…_SORTS`, are the server's whitelist), and takes
 * `order` to turn it.
 */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A list's sort keys, in the order of its table of directions. */
export const sortKeysOf = <const Key extends string>(orders: Record<Key, SortOrder>) =>
  Object.keys(orders) as [Key, ...Key[]];

/** The direction a request's sort runs in: the one it names, else the key's own (dates newest first, names A→Z). */
export function sortOrderOf<Key extends string>(
  defaults: Record<Key, SortOrder>,
  sort: Key,
  order: SortOrder | undefined,
): SortOrder {
  return order ?? defaults[sort];
}

export const reverseOrder = (order: SortOrder): SortOrder => (order === 'asc' ? 'desc' : 'asc');
