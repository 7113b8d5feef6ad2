import { ActionIcon, Alert, Button, Group, Loader, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { awayMessage, UI_TEXT } from '@smart/contracts';
import { useEffect, useMemo, useState } from 'react';
import { HiChevronLeft, HiChevronRight } from 'react-icons/hi';
import { LoadError } from '@/components/LoadError';
import { moveAmongRadios, tabStopOf } from '@/lib/roving-radios';
import { formatDay } from '@/lib/work-format';
import { useSlots } from '../api';
import { groupSlotsByDay, type SlotDay, weekLabel, weekWindow, zoneName } from '../meeting-time';
import classes from './Schedule.module.css';

/** About four days of times on a phone, before the list scrolls. */
const SLOT_LIST_MAX_HEIGHT = 'min(40vh, 320px)';

interface SlotPickerProps {
  advisorId: string;
  /** Null: the advisor's shortest offered length. */
  length: number | null;
  /** The viewer's zone: days and times read on its clocks. */
  timeZone: string;
  selected: string | null;
  onSelect: (start: string, advisorTimeZone: string) => void;
  /** A start to leave out (the meeting's own time, when rescheduling). */
  exclude?: string;
  /** Rescheduling: the session being moved (it does not fill the advisor's day or week). */
  moving?: string;
  /** Told the lengths the advisor offers and the one shown, once the answer comes. */
  onOffered?: (offered: { sessionLengths: number[]; length: number }) => void;
  /** The advisor is away and names a substitute: book with it instead (Book a session only). */
  onChooseAdvisor?: (advisorId: string) => void;
}

/**
 * A week of an advisor's free starts of one length, by the viewer's days, with the viewer's zone
 * named and previous/next week. The slots answer carries the advisor's zone, handed on with a pick.
 */
export function SlotPicker({
  advisorId,
  length,
  timeZone,
  selected,
  onSelect,
  exclude,
  onOffered,
  onChooseAdvisor,
  moving,
}: SlotPickerProps) {
  const [week, setWeek] = useState(0);
  const window = useMemo(() => weekWindow(new Date(), timeZone, week), [timeZone, week]);
  const slots = useSlots({ advisorId, ...(length !== null && { length }), ...(moving && { moving }), ...window });
  const offered = slots.isPlaceholderData ? undefined : slots.data;
  useEffect(() => {
    if (offered) onOffered?.({ sessionLengths: offered.sessionLengths, length: offered.length });
  }, [offered, onOffered]);
  const days = useMemo(
    () =>
      groupSlotsByDay(
        (slots.data?.slots ?? []).filter((slot) => slot.start !== exclude),
        timeZone,
      ),
    [slots.data, timeZone, exclude],
  );
  const advisorZone = slots.data?.timeZone ?? timeZone;

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon
          variant="default"
          aria-label="Previous week"
          disabled={week === 0}
          onClick={() => setWeek((current) => current - 1)}
        >
          <HiChevronLeft aria-hidden />
        </ActionIcon>
        <Stack gap={0} align="center" style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" aria-live="polite">
              {weekLabel(window, timeZone)}
            </Text>
            {slots.isFetching && <Loader size="xs" aria-label="Loading free times" />}
          </Group>
          <Text size="xs" c="dimmed" ta="center">
            Times in {zoneName(window.from, timeZone)}
          </Text>
        </Stack>
        <ActionIcon variant="default" aria-label="Next week" onClick={() => setWeek((current) => current + 1)}>
          <HiChevronRight aria-hidden />
        </ActionIcon>
      </Group>
      {slots.isError ? (
        <LoadError message={slots.error.message} onRetry={() => slots.refetch()} retrying={slots.isFetching} />
      ) : slots.isPending ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          Loading free times...
        </Text>
      ) : days.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {UI_TEXT.noFreeSlots}
        </Text>
      ) : (
        // A week of times scrolls on its own, so the fields under it stay in sight.
        <ScrollArea.Autosize mah={SLOT_LIST_MAX_HEIGHT} type="auto" offsetScrollbars>
          <SlotRadios days={days} selected={selected} onSelect={(start) => onSelect(start, advisorZone)} />
        </ScrollArea.Autosize>
      )}
      {/* After the times: the week's own controls and times keep their Tab order. */}
      {slots.data?.away && (
        <Alert color="orange" variant="light" role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{awayMessage(slots.data.away, formatDay)}</Text>
            {slots.data.away.substitute && onChooseAdvisor && (
              <Button size="xs" variant="light" onClick={() => onChooseAdvisor(slots.data?.away?.substitute?.id ?? '')}>
                Book with {slots.data.away.substitute.name}
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

interface SlotRadiosProps {
  days: SlotDay[];
  selected: string | null;
  onSelect: (start: string) => void;
}

/**
 * The week's times as one radio group, one Tab stop: Tab enters on the chosen time (or the first),
 * the arrows move and choose, Home and End go to the week's first and last time. A day's times are
 * group (a fieldset) named by the day, and each time is named "day, time".
 */
function SlotRadios({ days, selected, onSelect }: SlotRadiosProps) {
  const tabStop = tabStopOf(
    days.flatMap((day) => day.slots.map((slot) => slot.start)),
    selected,
  );
  return (
    <Stack gap="sm" role="radiogroup" aria-label="Free times" onKeyDown={moveAmongRadios}>
      {days.map((day) => (
        <fieldset key={day.date} className={classes.slotDay}>
          <Text component="legend" size="sm" fw={600} mb={4}>
            {day.label}
          </Text>
          <SimpleGrid cols={{ base: 3, xs: 4 }} spacing={6} verticalSpacing={6}>
            {day.slots.map((slot) => (
              <Button
                key={slot.start}
                size="compact-sm"
                variant={slot.start === selected ? 'filled' : 'default'}
                role="radio"
                aria-checked={slot.start === selected}
                tabIndex={slot.start === tabStop ? 0 : -1}
                aria-label={`${day.label}, ${slot.time}`}
                onClick={() => onSelect(slot.start)}
              >
                {slot.time}
              </Button>
            ))}
          </SimpleGrid>
        </fieldset>
      ))}
    </Stack>
  );
}
