import type { KeyboardEvent } from 'react';

/** A comment box's onKeyDown: Ctrl+Enter or Cmd+Enter sends. */
export function sendOnCtrlEnter(send: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };
}
