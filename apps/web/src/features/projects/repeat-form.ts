import {
  DEFAULT_RECURRENCE_TRIGGER,
  monthlyPositionsOf,
  type RecurrenceFrequency,
  type RecurrenceInput,
  type RecurrenceTrigger,
  type SeriesEditScope,
  type TaskRecurrence,
  type Weekday,
  weekdayOf,
} from '@smart/contracts';

/** The task form's repeat fields, as plain values for its inputs. */
export interface RepeatValues {
  repeat: 'none' | RecurrenceFrequency;
  interval: number | string;
  weekdays: Weekday[];
  /** Monthly: on the due date's day of the month, or on its n-th (or last) weekday. */
  monthlyBy: 'day' | 'weekday';
  ends: 'never' | 'count' | 'until';
  count: number | string;
  until: string;
  trigger: RecurrenceTrigger;
  /** Editing a repeating task: this one alone, or this one and the following. */
  scope: SeriesEditScope;
  /**
   * The date a monthly rule's day or n-th weekday is read from: the series' first date when the task
   * already repeats (editing one task must not change "day 31" to its own day 30), else '' (the due date).
   */
  anchorDate: string;
}

export const NO_REPEAT: RepeatValues = {
  repeat: 'none',
  interval: 1,
  weekdays: [],
  monthlyBy: 'day',
  ends: 'never',
  count: 10,
  until: '',
  trigger: DEFAULT_RECURRENCE_TRIGGER,
  scope: 'this',
  anchorDate: '',
};

/** A task's series as the form's values (a stopped or ended one: no repeat). */
export function repeatValuesOf(recurrence: TaskRecurrence | null): RepeatValues {
  if (!recurrence?.active) return NO_REPEAT;
  const { rule } = recurrence;
  return {
    ...NO_REPEAT,
    repeat: rule.frequency,
    interval: rule.interval,
    weekdays: rule.weekdays ?? [],
    monthlyBy: rule.weekday ? 'weekday' : 'day',
    ends: rule.count != null ? 'count' : rule.until ? 'until' : 'never',
    count: rule.count ?? NO_REPEAT.count,
    until: rule.until ?? '',
    trigger: recurrence.trigger,
    anchorDate: recurrence.startsOn,
  };
}

const whole = (value: number | string) => (typeof value === 'number' ? value : Number.parseInt(value, 10));

/**
 * The rule the values say, read from the due date where the form asks it to (the weekday of a
 * weekly rule left empty, the day or n-th weekday of a monthly one); null: no repeat. Without a due
 * date the rule is still sent, so the server's message says a date is needed.
 */
export function recurrenceOf(values: RepeatValues, dueDate: string): RecurrenceInput | null {
  if (values.repeat === 'none') return null;
  const ends = {
    ...(values.ends === 'count' && { count: whole(values.count) }),
    ...(values.ends === 'until' && { until: values.until }),
  };
  const base = { interval: whole(values.interval), ...ends };
  const date = values.anchorDate || dueDate || null;
  switch (values.repeat) {
    case 'daily':
    case 'yearly':
      return { rule: { frequency: values.repeat, ...base }, trigger: values.trigger };
    case 'weekly': {
      const weekdays = values.weekdays.length > 0 ? values.weekdays : date ? [weekdayOf(date)] : [];
      return { rule: { frequency: 'weekly', weekdays, ...base }, trigger: values.trigger };
    }
    case 'monthly': {
      const position = monthlyPositionsOf(date ?? '2000-01-01');
      const on =
        values.monthlyBy === 'day' ? { day: position.day } : { week: position.week, weekday: position.weekday };
      return { rule: { frequency: 'monthly', ...on, ...base }, trigger: values.trigger };
    }
  }
}

/** Whether two sets of repeat values say the same (whatever the edit's scope). */
const sameRepeat = (a: RepeatValues, b: RepeatValues) =>
  JSON.stringify({ ...a, scope: null }) === JSON.stringify({ ...b, scope: null });

/**
 * What an edit sends about the repeat: nothing when it says what it said (a change of this task
 * alone leaves its series' dates be), null when it was turned off, else the rule, which the server
 * applies to this task and the following (a new due date, on "this and the following", moves the
 * series' dates with it).
 */
export function recurrenceChange(
  values: RepeatValues,
  dueDate: string,
  saved: TaskRecurrence | null,
): RecurrenceInput | null | undefined {
  const savedValues = repeatValuesOf(saved);
  if (sameRepeat(values, savedValues) && values.scope === 'this') return undefined;
  const next = recurrenceOf(values, dueDate);
  const before = saved?.active ? recurrenceOf(savedValues, saved.startsOn) : null;
  // Only the due date moved, on "this and following": the server moves the series' dates itself.
  return JSON.stringify(next) === JSON.stringify(before) ? undefined : next;
}
