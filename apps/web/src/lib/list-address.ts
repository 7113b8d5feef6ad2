import { isCalendarDate, reverseOrder, SORT_ORDERS, type SortOrder } from '@smart/contracts';

/**
 * A list's filters, sort and page kept in the address's search params, so that
 * a reload, the Back button or a shared link shows the same list. The params are named as the
 * list's API query names them. Unknown or malformed values read as "not set".
 */

/** The value when it is one of `values`, else undefined. */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** `{ [key]: value }`, or nothing when the value is not set (for spreading into a filters object). */
export function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/** A record id as the address holds it (a UUID), else undefined. */
export function idParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : undefined;
}

/** A day as the address holds it (YYYY-MM-DD, one the calendar has: not 2026-13-01), else undefined. */
export function dayParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value && isCalendarDate(value) ? value : undefined;
}

/** The list's page: 1 unless the address names a later one. */
export function pageParam(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/**
 * The params after filters change (null clears one): the list goes back to its first page.
 *
 */
export function withFilters(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  next.delete('page');
  return next;
}

/** The params showing another page; page 1 is the address without one. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** How a sortable list is sorted: its key, and the way it runs. */
export interface ListSort<Key extends string> {
  sort: Key;
  order: SortOrder;
}

/** A list's sort keys (contracts' `…_SORTS`), its default key, and the way each key runs by default. */
export interface SortRules<Key extends string> {
  keys: readonly Key[];
  defaultSort: Key;
  defaultOrders: Record<Key, SortOrder>;
}

/** The sort the address names (`sort`, `order`), else the list's default. */
export function readSort<Key extends string>(params: URLSearchParams, rules: SortRules<Key>): ListSort<Key> {
  const sort = oneOf(rules.keys, params.get('sort')) ?? rules.defaultSort;
  return { sort, order: oneOf(SORT_ORDERS, params.get('order')) ?? rules.defaultOrders[sort] };
}

/**
 * The sort after a column is chosen: the same column turns around; another starts its own way. The
 * address leaves out what is the default (a plain list keeps a plain address), and the list goes
 * back to its first page.
 */
export function nextSort<Key extends string>(current: ListSort<Key>, sort: Key, rules: SortRules<Key>): ListSort<Key> {
  return { sort, order: sort === current.sort ? reverseOrder(current.order) : rules.defaultOrders[sort] };
}

export function withSort<Key extends string>(
  params: URLSearchParams,
  { sort, order }: ListSort<Key>,
  rules: SortRules<Key>,
): URLSearchParams {
  return withFilters(params, {
    sort: sort === rules.defaultSort ? null : sort,
    order: order === rules.defaultOrders[sort] ? null : order,
  });
}

/** The sort is the list's own, with nothing chosen. */
export const isDefaultSort = <Key extends string>({ sort, order }: ListSort<Key>, rules: SortRules<Key>) =>
  sort === rules.defaultSort && order === rules.defaultOrders[sort];
