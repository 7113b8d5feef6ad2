import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from './LoadError';
import { PageLoader } from './PageLoader';

/** What an empty list says: one line, or a title with a line under it ('No S.M.A.R.T. Advisors Found' / '…'). */
export type EmptyText = string | { title: string; text: string };

/** An empty list's message, with what may be done about it (e.g. Clear filters). */
export function EmptyState({ empty, action }: { empty: EmptyText; action?: ReactNode }) {
  if (typeof empty === 'string' && !action) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  const { title, text } = typeof empty === 'string' ? { title: null, text: empty } : empty;
  return (
    <Stack align="center" gap={4} py="xl" px="md" ta="center">
      {title && (
        <Title order={2} size="h4">
          {title}
        </Title>
      )}
      <Text c="dimmed">{text}</Text>
      {action}
    </Stack>
  );
}

/** A filtered list that came back empty: nothing matches (which is not "nothing exists"), and Clear filters. */
export function NoMatches({ title, text, onClear }: { title: string; text: string; onClear: () => void }) {
  return (
    <EmptyState
      empty={{ title, text }}
      action={
        <Button variant="light" mt="sm" onClick={onClear}>
          Clear filters
        </Button>
      }
    />
  );
}

interface ListViewProps<T> {
  /** The query the rows come from (a whole list, or a paged one: see PagedListView). */
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  items: T[] | undefined;
  /** The message when the list cannot be loaded (shown with Retry). */
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
