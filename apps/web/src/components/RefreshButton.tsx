import { Button } from '@mantine/core';
import { HiRefresh } from 'react-icons/hi';

/** Refresh on a list or record page: reads it again from the server, spinning meanwhile. */
export function RefreshButton({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  return (
    <Button
      variant="default"
      leftSection={<HiRefresh size={18} aria-hidden />}
      loading={refreshing}
      onClick={onRefresh}
    >
      Refresh
    </Button>
  );
}
