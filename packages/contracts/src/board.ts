/**
 * The task board: an objective's tasks and My Tasks by status, moved by dragging or
 * with the keyboard. The view switch's address parameter and the texts screen readers hear.
 */

/** `?view=board` shows the board; the list is the default and leaves the parameter out. */
export const TASK_VIEW_PARAM = 'view';
export const TASK_VIEWS = ['list', 'board'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

export const TASK_BOARD_TEXT = {
  viewLabel: 'View',
  list: 'List',
  board: 'Board',
  /** What the keyboard does, read once when a card's move button is focused. */
  instructions:
    'To move a task, press Space or Enter. Use the Left and Right arrow keys to choose a status column, then Space or Enter to drop it there, or Escape to cancel.',
  moveLabel: (title: string) => `Move ${title}`,
  pickedUp: (title: string, column: string) => `Picked up ${title}, in ${column}.`,
  over: (title: string, column: string) => `${title} is over ${column}.`,
  dropped: (title: string, column: string) => `${title} was dropped in ${column}.`,
  stayed: (title: string, column: string) => `${title} stays in ${column}.`,
  cancelled: (title: string, column: string) => `Moving ${title} was cancelled. It stays in ${column}.`,
  moved: (title: string, column: string) => `${title} moved to ${column}.`,
  emptyColumn: 'No tasks',
  unassigned: 'Unassigned',
} as const;
