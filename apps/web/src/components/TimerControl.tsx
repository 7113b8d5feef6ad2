import { Button, Group, Text } from '@mantine/core';
import { HiPlay, HiStop } from 'react-icons/hi';
import { FormError } from '@/components/FormError';
import { useElapsed } from '@/lib/elapsed';
import { type TimeRecordRef, useRunningTimer, useStartTimer, useStopTimer } from '@/lib/time-entries';

/**
 * Start / Stop for one's timer on this record. The timer is the server's (one per person): it
 * survives a reload and another device shows it; a timer running on another record says so.
 */
export function TimerControl({ record }: { record: TimeRecordRef }) {
  const timer = useRunningTimer();
  const start = useStartTimer();
  const stop = useStopTimer();
  const running = timer.data ?? null;
  const elapsed = useElapsed(running?.startedAt);
  const here = running?.recordId === record.recordId;
  const error = start.error?.message ?? stop.error?.message;

  return (
    <Group gap="sm" wrap="wrap">
      {running ? (
        <>
          <Text size="sm" aria-live="polite">
            {here ? 'Timer running' : `Your timer runs on ${running.recordTitle}`}:{' '}
            <Text span fw={600} ff="monospace">
              {elapsed}
            </Text>
          </Text>
          <Button
            color="red"
            variant="light"
            leftSection={<HiStop size={16} aria-hidden />}
            loading={stop.isPending}
            onClick={() => stop.mutate()}
          >
            Stop timer
          </Button>
        </>
      ) : (
        <Button
          variant="light"
          leftSection={<HiPlay size={16} aria-hidden />}
          loading={start.isPending}
          disabled={timer.isPending}
          onClick={() => start.mutate(record)}
        >
          Start timer
        </Button>
      )}
      <FormError message={error} />
    </Group>
  );
}
