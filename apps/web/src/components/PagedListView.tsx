import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LoadedList } from '@/lib/paged-list';
import { type EmptyText, ListView } from './ListView';
import { LoadMore } from './LoadMore';

interface PagedListViewProps<T> {
  /** A list from usePagedList. */
  list: UseInfiniteQueryResult<LoadedList<T>>;
  /** The message when the list cannot be loaded (shown with Retry). */
  failMessage: string;
  /** What an empty list says. */
  empty: EmptyText;
  children: (items: T[]) => ReactNode;
}

/**
 * A paged list's states (ListView's loading, failed with Retry, empty, its rows) with Load more
 * under the rows. Pages pass only what differs: the messages and how a row looks.
 */
export function PagedListView<T>({ list, failMessage, empty, children }: PagedListViewProps<T>) {
  return (
    <ListView query={list} items={list.data?.items} failMessage={failMessage} empty={empty}>
      {(items) => (
        <>
          {children(items)}
          <LoadMore list={list} />
        </>
      )}
    </ListView>
  );
}
