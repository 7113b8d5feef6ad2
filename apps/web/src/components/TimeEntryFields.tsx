import { Checkbox, NumberInput, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { MAX_TIME_ENTRY_MINUTES, MAX_TIME_NOTE_LENGTH, UI_TEXT } from '@smart/contracts';

/** What a person types for an entry: the day, the minutes, a note, billable or not. */
export interface TimeEntryValues {
  date: string;
  /** A number, or the text of a half-typed one. */
  minutes: number | string;
  note: string;
  billable: boolean;
}

/**
 * The form of an entry being added or changed, with the server's rule on minutes checked first: on
 * leaving the field (its message under it) and on saving.
 */
export const useTimeEntryForm = (initialValues: TimeEntryValues) =>
  useForm<TimeEntryValues>({
    initialValues,
    validateInputOnBlur: ['minutes'],
    validate: {
      minutes: (value) =>
        typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_TIME_ENTRY_MINUTES
          ? null
          : UI_TEXT.timeMinutesInvalid,
    },
  });

/**
 * A field label's height: the fields' row aligns their tops (a message under one field must not
 * shift the others), so a control without a label is moved down by this to sit level with the boxes.
 */
export const FIELD_LABEL_HEIGHT = 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height))';

/** The values as the API takes them. */
export const timeEntryBody = (values: TimeEntryValues) => ({ ...values, minutes: Number(values.minutes) });

/**
 * The four fields, for a form to lay out in a row that wraps, tops aligned (`align="flex-start"`):
 * adding on the panel, changing in a dialog.
 */
export function TimeEntryFields({ form }: { form: UseFormReturnType<TimeEntryValues> }) {
  return (
    <>
      <TextInput type="date" label="Date" required w={160} {...form.getInputProps('date')} />
      <NumberInput
        label="Minutes"
        min={1}
        max={MAX_TIME_ENTRY_MINUTES}
        allowDecimal={false}
        // Out of range stays as typed and says why: clamping 0 to 1 or 2000 to 1440 would save a number no one typed.
        clampBehavior="none"
        // The box is narrow; its message (a full day's says what fits) may widen the field, wrapping the row.
        maw="20rem"
        styles={{ wrapper: { width: 110 } }}
        {...form.getInputProps('minutes')}
      />
      <TextInput
        label="Note"
        maxLength={MAX_TIME_NOTE_LENGTH}
        style={{ flex: '1 1 12rem' }}
        {...form.getInputProps('note')}
      />
      <Checkbox
        label="Billable"
        mt={`calc(${FIELD_LABEL_HEIGHT} + 8px)`}
        {...form.getInputProps('billable', { type: 'checkbox' })}
      />
    </>
  );
}
