import { SegmentedControl } from '@mantine/core';
import { TASK_BOARD_TEXT, type TaskView } from '@smart/contracts';

const DATA = [
  { value: 'list', label: TASK_BOARD_TEXT.list },
  { value: 'board', label: TASK_BOARD_TEXT.board },
];

/** List | Board; the page keeps the choice in its address (lib/task-view.ts). */
export function TaskViewSwitch({ view, onChange }: { view: TaskView; onChange: (view: TaskView) => void }) {
  return (
    <SegmentedControl
      aria-label={TASK_BOARD_TEXT.viewLabel}
      size="sm"
      value={view}
      data={DATA}
      onChange={(value) => onChange(value as TaskView)}
    />
  );
}
