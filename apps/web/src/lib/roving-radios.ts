import type { KeyboardEvent } from 'react';

/** Where each key moves among a group's radios, from the focused one's index (wrapping, as radios do). */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The keys of a radio group kept as one Tab stop (a roving tabindex: only the chosen radio, or the
 * first, has tabIndex 0). Put on the radiogroup's onKeyDown: the arrows move to the next or previous
 * radio and choose it, as native radio buttons do; Home and End go to the first and the last.
 */
export function moveAmongRadios(event: KeyboardEvent<HTMLElement>): void {
  const move = MOVES[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const radios = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]:not(:disabled)'));
  const at = radios.indexOf(event.target as HTMLElement);
  if (at === -1) return;
  event.preventDefault();
  const next = radios[move(at, radios.length)];
  next?.focus();
  next?.click();
}

/** The radio that takes the Tab stop: the chosen one when it is among them, else the first. */
export function tabStopOf<T>(values: readonly T[], chosen: T | null): T | undefined {
  return chosen !== null && values.includes(chosen) ? chosen : values[0];
}
