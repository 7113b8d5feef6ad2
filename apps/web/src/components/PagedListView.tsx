import { Text } from '@mantine/core';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LoadedList } from '@/lib/paged-list';
import { LoadError } from './LoadError';
import { LoadMore } from './LoadMore';
import { PageLoader } from './PageLoader';

interface PagedListViewProps<T> {
  /** A list from usePagedList. */
  list: UseInfiniteQueryResult<LoadedList<T>>;
  /** The spec's message when the list cannot be loaded (shown with Retry). */
  failMessage: string;
  /** What an empty list says. */
  empty: string;
  children: (items: T[]) => ReactNode;
}

/**
 * Every state of a paged list in one place: loading, failed with Retry, empty, then its rows with
 * Load more under them. Pages pass only what differs: the messages and how a row looks.
 */
export function PagedListView<T>({ list, failMessage, empty, children }: PagedListViewProps<T>) {
  if (list.isPending) return <PageLoader />;
  if (list.isError) {
    return <LoadError message={failMessage} onRetry={() => list.refetch()} retrying={list.isFetching} />;
  }
  if (list.data.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return (
    <>
      {children(list.data.items)}
      <LoadMore list={list} />
    </>
  );
}
