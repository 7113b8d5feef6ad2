import { ActionIcon, Button, Group, InputBase, Stack, Text } from '@mantine/core';
import { type AvailabilityInterval, MAX_INTERVALS_PER_DAY } from '@smart/contracts';
import { useId } from 'react';
import { HiPlus, HiTrash } from 'react-icons/hi?lazy';
import { type DraftProblem, isFieldWrong, nextInterval } from '../availability-form';

interface IntervalListProps {
  /** Names the inputs: "Monday", "2026-03-10". */
  label: string;
  intervals: AvailabilityInterval[];
  onChange: (intervals: AvailabilityInterval[]) => void;
  /** What an empty list means: "Unavailable", "Day off". */
  emptyText: string;
  /** The mistakes found in these intervals on Save, their paths from the list on ([0, 'end']). */
  problems?: readonly DraftProblem[];
}

interface ClockInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of the message saying what is wrong with it, when something is. */
  wrongBecause: string | null;
}

/** An "HH:MM" field: text, so "24:00" (a day's end) can be typed, which a time input refuses. */
function ClockInput({ label, value, onChange, wrongBecause }: ClockInputProps) {
  return (
    <InputBase
      aria-label={label}
      // Its own aria attributes: Mantine's would name only an error shown under the field, too narrow here.
      withAria={false}
      error={wrongBecause !== null}
      aria-invalid={wrongBecause !== null || undefined}
      aria-describedby={wrongBecause ?? undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      placeholder="HH:MM"
      maxLength={5}
      w={76}
      inputMode="numeric"
    />
  );
}

/**
 * One day's open intervals, HH:MM to HH:MM (24-hour; 24:00 is midnight at the day's end), added and
 * removed. A mistake marks its fields and is said under the day's intervals, which describes them.
 */
export function IntervalList({ label, intervals, onChange, emptyText, problems = [] }: IntervalListProps) {
  const messageId = useId();
  const messages = [...new Set(problems.map((problem) => problem.message))];
  const wrongBecause = (path: PropertyKey[]) => (isFieldWrong(problems, path) ? messageId : null);
  const change = (index: number, part: keyof AvailabilityInterval, value: string) =>
    onChange(intervals.map((interval, at) => (at === index ? { ...interval, [part]: value } : interval)));
  return (
    <Stack gap={6}>
      {intervals.length === 0 && (
        <Text size="sm" c="dimmed" py={4}>
          {emptyText}
        </Text>
      )}
      {intervals.map((interval, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: intervals have no identity of their own; each row is its place
        <Group key={index} gap={6} wrap="nowrap">
          <ClockInput
            label={`${label} interval ${index + 1} start`}
            value={interval.start}
            onChange={(value) => change(index, 'start', value)}
            wrongBecause={wrongBecause([index, 'start'])}
          />
          <Text size="sm" aria-hidden>
            –
          </Text>
          <ClockInput
            label={`${label} interval ${index + 1} end`}
            value={interval.end}
            onChange={(value) => change(index, 'end', value)}
            wrongBecause={wrongBecause([index, 'end'])}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove ${label} interval ${index + 1}`}
            onClick={() => onChange(intervals.filter((_, at) => at !== index))}
          >
            <HiTrash aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {messages.length > 0 && (
        <Text id={messageId} size="sm" c="red">
          {messages.join(' ')}
        </Text>
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<HiPlus aria-hidden />}
        onClick={() => onChange([...intervals, nextInterval(intervals)])}
        disabled={intervals.length >= MAX_INTERVALS_PER_DAY}
        aria-label={`Add hours to ${label}`}
        style={{ alignSelf: 'flex-start' }}
      >
        Add hours
      </Button>
    </Stack>
  );
}
