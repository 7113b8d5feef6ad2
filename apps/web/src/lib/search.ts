import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Page } from './api-client';

/** An option of a picker that searches on the server (components/SearchSelect). */
export interface SearchOption {
  value: string;
  label: string;
  /** A second, dimmed line, e.g. the department a person is in now. */
  detail?: string | null;
}

/** How long typing must pause before a picker asks the server: one request per word, not per key. */
export const SEARCH_PAUSE_MS = 250;

interface ServerSearch<T> {
  /** The query key of a search; the trimmed term is appended. */
  queryKey: QueryKey;
  /** One page of the rows matching the term (empty: the first rows). */
  fetchMatches: (term: string) => Promise<Page<T>>;
  toOption: (row: T) => SearchOption;
  /** Rows the picker leaves out (e.g. people already in the team). */
  exclude?: ((row: T) => boolean) | undefined;
  enabled: boolean;
}

/**
 * A picker's data for a list too long to load whole: the rows matching what is typed, one page,
 * searched by the server once typing pauses. Spread `selectProps` into a SearchSelect.
 */
export function useServerSearch<T>({ queryKey, fetchMatches, toOption, exclude, enabled }: ServerSearch<T>) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const query = useQuery({
    queryKey: [...queryKey, term],
    queryFn: () => fetchMatches(term),
    enabled,
    // While the next search runs, the last options stay instead of an empty list.
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  const total = query.data?.pagination.total ?? 0;
  const options = rows.filter((row) => !exclude?.(row)).map(toOption);
  return {
    selectProps: {
      onSearchChange: setSearch,
      options,
      more: Math.max(0, total - rows.length),
      loading: query.isFetching,
    },
    isError: query.isError,
    /** Nothing is left to pick whatever is typed: every row is in and all are left out. */
    isExhausted: query.isSuccess && term === '' && options.length === 0 && rows.length === total,
  };
}
