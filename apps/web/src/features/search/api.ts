import { SEARCH_MIN_LENGTH, searchEndpoints, UI_TEXT } from '@smart/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Search everything: the box's one call, keyed by the term. */
export const searchKeys = {
  all: ['search'] as const,
  results: (term: string) => [...searchKeys.all, term] as const,
};

export function searchEverything(term: string, signal?: AbortSignal) {
  return api(searchEndpoints.search, { query: { q: term } }, { failMessage: UI_TEXT.searchFailed, signal });
}

/** Whether the server would search this term (shorter ones find nothing: contracts' SEARCH_MIN_LENGTH). */
export const isSearchable = (term: string) => term.length >= SEARCH_MIN_LENGTH;

/**
 * The results of a term, asked once typing pauses (the caller debounces). While the next term is
 * asked the previous results stay, so the list does not flash empty between keys.
 */
export function useSearchResults(term: string) {
  return useQuery({
    queryKey: searchKeys.results(term),
    queryFn: ({ signal }) => searchEverything(term, signal),
    enabled: isSearchable(term),
    placeholderData: keepPreviousData,
    // A search answers what the records hold now; a minute later it asks again.
    staleTime: 60_000,
  });
}
