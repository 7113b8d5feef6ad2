import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from './LoadError';
import { PageLoader } from './PageLoader';

/** What an empty list says: one line, or a title with a line under it (spec: 'No S.M.A.R.T. Advisors Found' / '…'). */
export type EmptyText = string | { title: string; text: string };

function EmptyState({ empty }: { empty: EmptyText }) {
  if (typeof empty === 'string') {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return (
    <Stack align="center" gap={4} py="xl" ta="center">
      <Title order={2} size="h4">
        {empty.title}
      </Title>
      <Text c="dimmed">{empty.text}</Text>
    </Stack>
  );
}

interface ListViewProps<T> {
  /** The query the rows come from (a whole list, or a paged one: see PagedListView). */
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  items: T[] | undefined;
  /** The spec's message when the list cannot be loaded (shown with Retry). */
  failMessage: string;
  empty: EmptyText;
  children: (items: T[]) => ReactNode;
}

/** Every state of a list in one place: loading, failed with Retry, empty, then its rows. */
export function ListView<T>({ query, items, failMessage, empty, children }: ListViewProps<T>) {
  if (query.isPending) return <PageLoader />;
  if (query.isError || !items) {
    return <LoadError message={failMessage} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  if (items.length === 0) return <EmptyState empty={empty} />;
  return children(items);
}
