import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { Fragment, useEffect, useState } from 'react';
import { CREATE_SHORTCUT, isTypingTarget, SHORTCUTS } from '@/lib/shortcuts';

/** The page's create control (a CreateButton, or any control declaring the key), if one is on screen. */
function createControl(): HTMLElement | null {
  const controls = document.querySelectorAll<HTMLElement>(`main [aria-keyshortcuts="${CREATE_SHORTCUT}"]`);
  return [...controls].find((control) => control.checkVisibility() && !control.hasAttribute('disabled')) ?? null;
}

/**
 * The signed-in frame's keys: `?` lists the shortcuts, `c` presses the page's create control.
 * Neither fires while typing, with a modifier held, or while a dialog is open (its own keys win).
 */
export function KeyboardShortcuts() {
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      } else if (event.key.toLowerCase() === CREATE_SHORTCUT && !event.shiftKey) {
        const control = createControl();
        if (!control) return;
        event.preventDefault();
        control.click();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Modal
      opened={helpOpen}
      onClose={() => setHelpOpen(false)}
      title="Keyboard shortcuts"
      size="md"
      // Mantine's close button is an icon alone: without a name a screen reader says only "button" (axe).
      closeButtonProps={{ 'aria-label': 'Close keyboard shortcuts' }}
    >
      <Table verticalSpacing="xs">
        <Table.Tbody>
          {SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.action}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {shortcut.keys.map((combination, index) => (
                    <Fragment key={combination.join('+')}>
                      {index > 0 && (
                        <Text span size="xs" c="dimmed">
                          or
                        </Text>
                      )}
                      {combination.map((key) => (
                        <Kbd key={key}>{key}</Kbd>
                      ))}
                    </Fragment>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{shortcut.action}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
