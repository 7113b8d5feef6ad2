/** The key that creates in the list on screen (a page's CreateButton declares it). */
export const CREATE_SHORTCUT = 'c';

/** The shortcuts the `?` dialog lists, in the order it lists them: each is any one of its key combinations. */
export const SHORTCUTS: readonly { keys: readonly string[][]; action: string }[] = [
  { keys: [['Ctrl', 'K'], ['⌘', 'K'], ['/']], action: 'Search everything' },
  { keys: [[CREATE_SHORTCUT.toUpperCase()]], action: 'Create in the list you are on' },
  { keys: [['?']], action: 'Show these shortcuts' },
  { keys: [['Esc']], action: 'Close the open dialog, menu or drawer' },
  { keys: [['Space'], ['Enter']], action: 'On a board: pick up the focused card, or drop it (arrows move it)' },
];

/** True when the key was typed into something that takes text: shortcuts leave it alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
