import { Checkbox, Group, NumberInput, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  MAX_RECURRENCE_COUNT,
  MAX_RECURRENCE_INTERVAL,
  monthlyPositionsOf,
  nextOccurrences,
  RECURRENCE_TRIGGER_LABELS,
  RECURRENCE_TRIGGERS,
  type RecurrenceRule,
  recurrenceRuleSchema,
  WEEKDAYS,
  weekdayLabel,
} from '@smart/contracts';
import { formatDay } from '@/lib/work-format';
import { type RepeatValues, recurrenceOf } from '../repeat-form';
import { DateField } from './WorkFields';

const FREQUENCY_OPTIONS = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];
const UNITS = { daily: 'days', weekly: 'weeks', monthly: 'months', yearly: 'years' } as const;
const WEEK_WORDS = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' } as const;
const ENDS_OPTIONS = [
  { value: 'never', label: 'Never' },
  { value: 'count', label: 'After a number of times' },
  { value: 'until', label: 'On a date' },
];

/** The rule the values make from the due date, if it is a valid one (for the preview). */
function previewRule(values: RepeatValues, dueDate: string): RecurrenceRule | null {
  const input = recurrenceOf(values, dueDate);
  const parsed = input && recurrenceRuleSchema.safeParse(input.rule);
  return parsed?.success ? parsed.data : null;
}

interface RepeatFieldsProps<Values extends RepeatValues & { dueDate: string }> {
  form: UseFormReturnType<Values>;
  /** The task already repeats: offer "this task" or "this and the following" for the edit. */
  offerScope?: boolean;
}

/**
 * A task form's repeat: the rule (daily, weekly on chosen days, monthly on the due date's day or
 * n-th weekday, yearly), its end, when the next task comes, and the next dates it would make.
 */
export function RepeatFields<Values extends RepeatValues & { dueDate: string }>({
  form,
  offerScope = false,
}: RepeatFieldsProps<Values>) {
  // The generic form cannot type its own paths; these exist on every form this serves.
  const typed = form as unknown as UseFormReturnType<RepeatValues & { dueDate: string }>;
  const { values } = typed;
  const dueDate = values.dueDate;
  // A repeating task's monthly day is its series' (anchorDate), not this task's own due date.
  const anchor = values.anchorDate || dueDate;
  const position = anchor ? monthlyPositionsOf(anchor) : null;
  const rule = values.repeat === 'none' ? null : previewRule(values, dueDate);
  const next = rule && dueDate ? nextOccurrences(rule, dueDate, dueDate) : [];

  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      {offerScope && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="repeat-scope-label">
            Apply the changes to
          </Text>
          <SegmentedControl
            aria-labelledby="repeat-scope-label"
            fullWidth
            data={[
              { value: 'this', label: 'This task' },
              { value: 'following', label: 'This and following' },
            ]}
            {...typed.getInputProps('scope')}
          />
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select label="Repeat" data={FREQUENCY_OPTIONS} allowDeselect={false} {...typed.getInputProps('repeat')} />
        {values.repeat !== 'none' && (
          <NumberInput
            label="Every"
            rightSection={
              <Text size="xs" c="dimmed" pr="xs">
                {UNITS[values.repeat]}
              </Text>
            }
            rightSectionWidth={64}
            min={1}
            max={MAX_RECURRENCE_INTERVAL}
            allowDecimal={false}
            {...typed.getInputProps('interval')}
          />
        )}
      </SimpleGrid>
      {values.repeat === 'weekly' && (
        <Checkbox.Group
          label="On"
          description={
            values.weekdays.length === 0 && dueDate
              ? `The due date's day: ${weekdayLabel(monthlyPositionsOf(dueDate).weekday)}`
              : undefined
          }
          {...typed.getInputProps('weekdays')}
        >
          <Group gap="sm" mt={4}>
            {WEEKDAYS.map((day) => (
              <Checkbox key={day} value={day} label={weekdayLabel(day).slice(0, 3)} aria-label={weekdayLabel(day)} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {values.repeat === 'monthly' && (
        <Select
          label="On"
          allowDeselect={false}
          disabled={!position}
          description={position ? undefined : 'Pick a due date first'}
          data={[
            { value: 'day', label: position ? `Day ${position.day}` : 'The due date’s day' },
            {
              value: 'weekday',
              label: position
                ? `The ${WEEK_WORDS[position.week]} ${weekdayLabel(position.weekday)}`
                : 'The due date’s weekday',
            },
          ]}
          {...typed.getInputProps('monthlyBy')}
        />
      )}
      {values.repeat !== 'none' && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select label="Ends" data={ENDS_OPTIONS} allowDeselect={false} {...typed.getInputProps('ends')} />
            {values.ends === 'count' && (
              <NumberInput
                label="Times"
                min={1}
                max={MAX_RECURRENCE_COUNT}
                allowDecimal={false}
                {...typed.getInputProps('count')}
              />
            )}
            {values.ends === 'until' && <DateField label="Last date" {...typed.getInputProps('until')} />}
          </SimpleGrid>
          <Radio.Group label="Create the next task" {...typed.getInputProps('trigger')}>
            <Stack gap={6} mt={4}>
              {RECURRENCE_TRIGGERS.map((trigger) => (
                <Radio key={trigger} value={trigger} label={RECURRENCE_TRIGGER_LABELS[trigger]} />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {!dueDate
              ? 'A repeating task needs a due date: its series starts there.'
              : next.length > 0
                ? `Next: ${next.map(formatDay).join(', ')}`
                : 'No more dates after this one.'}
          </Text>
        </>
      )}
    </Stack>
  );
}
