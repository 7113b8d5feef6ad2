import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { HiPlus } from 'react-icons/hi';
import { CREATE_SHORTCUT } from '@/lib/shortcuts';

/**
 * A list's create button ('Create Project', 'Add Task'). It answers the `c` shortcut: the page
 * frame's keyboard handler (app/layout/KeyboardShortcuts.tsx) clicks the control on the page
 * that declares `aria-keyshortcuts="c"`, which also tells screen readers about the key.
 */
export function CreateButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button leftSection={<HiPlus size={18} aria-hidden />} onClick={onClick} aria-keyshortcuts={CREATE_SHORTCUT}>
      {children}
    </Button>
  );
}
