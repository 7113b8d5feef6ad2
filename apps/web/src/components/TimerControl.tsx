import { Button, Group, Text } from '@mantine/core';
import { confirmDiscardTimerMessage, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiPlay, HiStop, HiX } from 'react-icons/hi';
import { ConfirmModal } from '@/components/ConfirmModal';
import { FormError } from '@/components/FormError';
import { useElapsed } from '@/lib/elapsed';
import { type TimeRecordRef, useDiscardTimer, useRunningTimer, useStartTimer, useStopTimer } from '@/lib/time-entries';
import { toastSuccess } from '@/lib/toast';

/**
 * Start / Stop for one's timer on this record, and Discard for one started by mistake (it asks
 * first, saying how long it ran). The timer is the server's (one per person): it survives a reload
 * and another device shows it; a timer running on another record says so.
 */
export function TimerControl({ record }: { record: TimeRecordRef }) {
  const timer = useRunningTimer();
  const start = useStartTimer();
  const stop = useStopTimer();
  const discard = useDiscardTimer();
  // The minutes it had run when Discard was pressed (the question names them); null: not asking.
  const [discarding, setDiscarding] = useState<number | null>(null);
  const running = timer.data ?? null;
  const elapsed = useElapsed(running?.startedAt);
  const here = running?.recordId === record.recordId;
  const error = start.error?.message ?? stop.error?.message;

  const askDiscard = (startedAt: string) => {
    discard.reset();
    setDiscarding(Math.round((Date.now() - Date.parse(startedAt)) / 60_000));
  };
  const confirmDiscard = () =>
    discard.mutateAsync().then(
      () => {
        setDiscarding(null);
        // A stop refused on a full day said to discard: that message is answered.
        stop.reset();
        toastSuccess(UI_TEXT.timerDiscarded, 'timer');
      },
      () => undefined, // shown in the dialog (discard.error)
    );

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
          <Group gap="xs" wrap="nowrap">
            <Button
              color="red"
              variant="light"
              leftSection={<HiStop size={16} aria-hidden />}
              loading={stop.isPending}
              onClick={() => stop.mutate()}
            >
              Stop timer
            </Button>
            <Button
              variant="subtle"
              color="gray"
              leftSection={<HiX size={16} aria-hidden />}
              disabled={stop.isPending}
              onClick={() => askDiscard(running.startedAt)}
            >
              Discard
            </Button>
          </Group>
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
      <ConfirmModal
        opened={discarding !== null}
        message={discarding === null ? '' : confirmDiscardTimerMessage(discarding)}
        confirmLabel="Discard"
        busy={discard.isPending}
        error={discard.error?.message}
        onConfirm={confirmDiscard}
        onClose={() => setDiscarding(null)}
      />
    </Group>
  );
}
