import { Button, Stack, Text } from '@mantine/core';
import type { LoadedList } from '@/lib/paged-list';

interface LoadMoreProps {
  /** A list from usePagedList. */
  list: {
    data: LoadedList<unknown> | undefined;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => unknown;
  };
}

/** Under a paged list: how much of it shows, and the button for the next page. Nothing once all is shown. */
export function LoadMore({ list }: LoadMoreProps) {
  if (!list.hasNextPage || !list.data) return null;
  return (
    <Stack align="center" gap={6} py="sm">
      <Text size="sm" c="dimmed">
        Showing {list.data.items.length} of {list.data.total}
      </Text>
      {list.isFetchNextPageError && (
        <Text size="sm" c="red" role="alert">
          Loading more failed. Please try again.
        </Text>
      )}
      <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
        Load more
      </Button>
    </Stack>
  );
}
