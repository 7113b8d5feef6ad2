import { DEFAULT_PAGE_SIZE } from '@smart/contracts';
import { type InfiniteData, infiniteQueryOptions, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Page } from './api-client';

/** The rows of a paged list loaded so far, and how many it has in all. */
export interface LoadedList<T> {
  items: T[];
  total: number;
}

function loaded<T>({ pages }: InfiniteData<Page<T>>): LoadedList<T> {
  return { items: pages.flatMap((page) => page.data), total: pages.at(-1)?.pagination.total ?? 0 };
}

/**
 * A paged list read a page at a time (DEFAULT_PAGE_SIZE rows unless the list has its own size): page
 * 1 first, the next one on request while the server's `pagination` says there are more. Lists never
 * stop silently at one page.
 */
export function pagedListOptions<T>(
  queryKey: QueryKey,
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
  pageSize: number = DEFAULT_PAGE_SIZE,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: ({ pagination }: Page<T>) =>
      pagination.page < pagination.pages ? pagination.page + 1 : undefined,
    select: loaded<T>,
  });
}

/** A list shown a page at a time, with Load more (see LoadMore). */
export function usePagedList<T>(options: ReturnType<typeof pagedListOptions<T>>, enabled = true) {
  return useInfiniteQuery({ ...options, enabled });
}

/**
 * A short list read whole, page after page (an organization's departments or teams for a picker).
 * It counts as loading until the last page is in, so a picker never offers a partial list.
 */
export function useWholeList<T>(options: ReturnType<typeof pagedListOptions<T>>, enabled = true) {
  const list = usePagedList(options, enabled);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return {
    items: hasNextPage ? undefined : list.data?.items,
    isPending: list.isPending || hasNextPage,
    isError: list.isError,
  };
}
