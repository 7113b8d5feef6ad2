import { Tooltip } from '@mantine/core';
import type { TaskRecurrence } from '@smart/contracts';
import { HiRefresh } from 'react-icons/hi';

/** What a task's repeat marker names: the rule of its running series, or nothing. */
export const repeatLabelOf = (task: { recurrence: TaskRecurrence | null }): string | null =>
  task.recurrence?.active ? task.recurrence.label : null;

/** The marker of a repeating task on its cards: an icon naming the rule ("Repeats: Every month on day 31"). */
export function RepeatMarker({ label }: { label: string | null | undefined }) {
  if (!label) return null;
  return (
    <Tooltip label={label} withArrow>
      <span role="img" aria-label={`Repeats: ${label}`} style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
        <HiRefresh aria-hidden focusable="false" />
      </span>
    </Tooltip>
  );
}
