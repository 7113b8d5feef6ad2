import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type AvailabilityInterval, MAX_DATE_OVERRIDES } from '@smart/contracts';
import { HiPlus, HiTrash } from 'react-icons/hi?lazy';
import { type DraftProblem, isFieldWrong, problemsWithin } from '../availability-form';
import { addDays, dateInZone } from '../week';
import { IntervalList } from './IntervalList';

interface DateOverride {
  date: string;
  intervals: AvailabilityInterval[];
}

interface DateOverridesFieldsProps {
  value: DateOverride[];
  onChange: (overrides: DateOverride[]) => void;
  /** The advisor's zone: a new override starts on its today. */
  timeZone: string;
  /** The mistakes found on Save, their paths from the overrides on ([0, 'date']). */
  problems: readonly DraftProblem[];
}

/** The first date from today (in the zone) that has no override yet. */
function freeDate(taken: readonly DateOverride[], timeZone: string): string {
  let date = dateInZone(new Date(), timeZone);
  while (taken.some((override) => override.date === date)) date = addDays(date, 1);
  return date;
}

/** Dates with other hours than their weekday's, or none (a day off). */
export function DateOverridesFields({ value, onChange, timeZone, problems }: DateOverridesFieldsProps) {
  const change = (index: number, override: DateOverride) =>
    onChange(value.map((current, at) => (at === index ? override : current)));
  return (
    <Stack gap="sm">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          No date overrides: every date follows its weekday's hours.
        </Text>
      )}
      {value.map((override, index) => {
        const name = override.date || `override ${index + 1}`;
        const own = problemsWithin(problems, [index]);
        const dateProblem = own.find((problem) => isFieldWrong([problem], ['date']))?.message;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the date itself is being edited, so it cannot be the key
          <Paper key={index} withBorder radius="sm" p="sm">
            <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
              <Group gap="md" align="flex-end">
                <TextInput
                  type="date"
                  label="Date"
                  value={override.date}
                  onChange={(event) => change(index, { ...override, date: event.currentTarget.value })}
                  error={dateProblem}
                  w={170}
                />
                <Checkbox
                  label="Day off"
                  checked={override.intervals.length === 0}
                  onChange={(event) =>
                    change(index, {
                      ...override,
                      intervals: event.currentTarget.checked ? [] : [{ start: '09:00', end: '17:00' }],
                    })
                  }
                  mb={8}
                />
              </Group>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove the override of ${name}`}
                onClick={() => onChange(value.filter((_, at) => at !== index))}
              >
                <HiTrash aria-hidden />
              </ActionIcon>
            </Group>
            {override.intervals.length > 0 && (
              <Stack mt="xs">
                <IntervalList
                  label={name}
                  intervals={override.intervals}
                  onChange={(intervals) => change(index, { ...override, intervals })}
                  emptyText="Day off"
                  problems={problemsWithin(own, ['intervals'])}
                />
              </Stack>
            )}
          </Paper>
        );
      })}
      <Button
        variant="light"
        leftSection={<HiPlus aria-hidden />}
        onClick={() => onChange([...value, { date: freeDate(value, timeZone), intervals: [] }])}
        disabled={value.length >= MAX_DATE_OVERRIDES}
        style={{ alignSelf: 'flex-start' }}
      >
        Add a date
      </Button>
    </Stack>
  );
}
