import { ActionIcon, Button, Group, Switch, Text, Title } from '@mantine/core';
import { HiChevronLeft, HiChevronRight } from 'react-icons/hi?lazy';
import { formatWeekRange, zoneLabel } from '../format';
import type { Week } from '../week';

interface WeekToolbarProps {
  week: Week;
  timeZone: string;
  /** The zone the advisor's open hours are set in, when known. */
  availabilityTimeZone?: string | undefined;
  showCancelled: boolean;
  cancelledCount: number;
  onShowCancelled: (show: boolean) => void;
  /** -1 the week before, 1 the week after, 0 this week. */
  onMove: (weeks: -1 | 0 | 1) => void;
}

/** The week's dates and zone, the buttons to move between weeks, and whether cancelled meetings show. */
export function WeekToolbar({
  week,
  timeZone,
  availabilityTimeZone,
  showCancelled,
  cancelledCount,
  onShowCancelled,
  onMove,
}: WeekToolbarProps) {
  const range = formatWeekRange(week.monday, week.sunday);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <div>
        <Title order={2} size="h3" aria-live="polite">
          {range}
        </Title>
        <Text size="sm" c="dimmed">
          Times in {zoneLabel(timeZone, week.from)}
        </Text>
        {/* Shown in one zone, set out in another: the shaded hours are the availability's, moved. */}
        {availabilityTimeZone && availabilityTimeZone !== timeZone && (
          <Text size="sm" c="dimmed">
            Your availability is set in {zoneLabel(availabilityTimeZone, week.from)}
          </Text>
        )}
      </div>
      <Group gap="md">
        <Switch
          label={cancelledCount > 0 ? `Show cancelled (${cancelledCount})` : 'Show cancelled'}
          checked={showCancelled}
          onChange={(event) => onShowCancelled(event.currentTarget.checked)}
        />
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label="Previous week" onClick={() => onMove(-1)}>
            <HiChevronLeft aria-hidden />
          </ActionIcon>
          <Button variant="default" onClick={() => onMove(0)}>
            Today
          </Button>
          <ActionIcon variant="default" size="lg" aria-label="Next week" onClick={() => onMove(1)}>
            <HiChevronRight aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Group>
  );
}
