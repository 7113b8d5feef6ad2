import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export interface DayRange {
  from: string;
  to: string;
}

const DAY_FIELDS = [
  { end: 'from', label: 'From' },
  { end: 'to', label: 'To' },
] as const;

/** A named range a click chooses (Last 4 weeks, This month): pressed while it is the one shown. */
export interface DayRangePreset {
  label: string;
  range: DayRange;
}

interface DayRangeFieldsProps {
  /** The days shown, YYYY-MM-DD; '' for none. */
  from: string;
  to: string;
  /** Why a day is refused (the server's own rule), under its field. */
  errors?: { from?: string | null; to?: string | null };
  presets?: readonly DayRangePreset[];
  /** One end changed, or both (a preset). */
  onChange: (change: Partial<DayRange>) => void;
  /** The page's other filters on the same row: before the days, and after them. */
  leading?: ReactNode;
  children?: ReactNode;
}

/**
 * From and To days, and the presets a page offers, alike on every page that reads a range of days
 * (Audit Log, Timesheet, Analytics), in one row with the page's other filters. Why a day is refused
 * is said under the row, not under its field, so a message never pushes the row out of line.
 */
export function DayRangeFields(props: DayRangeFieldsProps) {
  const { from, to, errors = {}, presets = [], onChange, leading, children } = props;
  const problemId = useId();
  const problem = errors.from ?? errors.to ?? null;
  const days = { from, to };
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {leading}
        {DAY_FIELDS.map(({ end, label }) => (
          <TextInput
            key={end}
            type="date"
            label={label}
            value={days[end]}
            error={Boolean(errors[end])}
            aria-describedby={errors[end] ? problemId : undefined}
            onChange={(event) => onChange({ [end]: event.currentTarget.value })}
          />
        ))}
        {presets.length > 0 && (
          <Group gap="xs" wrap="wrap">
            {presets.map(({ label, range }) => {
              const pressed = range.from === from && range.to === to;
              return (
                <Button
                  key={label}
                  variant={pressed ? 'filled' : 'default'}
                  aria-pressed={pressed}
                  onClick={() => onChange(range)}
                >
                  {label}
                </Button>
              );
            })}
          </Group>
        )}
        {children}
      </Group>
      {problem && (
        <Text id={problemId} size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
