import { ActionIcon, Kbd, Loader, Modal, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useHotkeys, useOs } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { HiSearch } from 'react-icons/hi';
import { useIsPhone } from '@/lib/viewport';
import classes from './SearchPalette.module.css';

// The palette's code loads on the first opening: the page frame carries only this button.
const SearchPalette = lazy(() => import('./SearchPalette'));

/**
 * Search everything: a button in the top bar (a magnifier on a phone, a box with its
 * shortcut on a desktop) and the shortcuts Ctrl/Cmd+K (anywhere) and '/' (outside text fields),
 * which open the search palette.
 */
export function SearchButton() {
  const [opened, palette] = useDisclosure(false);
  const isPhone = useIsPhone();
  const isMac = useOs() === 'macos';
  // Ctrl/Cmd+K works even while typing in a field; '/' only outside fields (it is a character there).
  useHotkeys([['mod+K', palette.open]], []);
  useHotkeys([['/', palette.open]]);

  const shortcut = isMac ? '⌘ K' : 'Ctrl K';
  return (
    <>
      {isPhone ? (
        <ActionIcon
          variant="subtle"
          color="slate"
          size="lg"
          radius="xl"
          aria-label="Search"
          aria-haspopup="dialog"
          onClick={palette.open}
        >
          <HiSearch size={22} aria-hidden />
        </ActionIcon>
      ) : (
        <UnstyledButton
          className={classes.trigger}
          onClick={palette.open}
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K /"
        >
          <HiSearch size={16} aria-hidden />
          <Text size="sm" c="dimmed" component="span" className={classes.triggerText}>
            Search
          </Text>
          <Kbd size="xs" aria-hidden>
            {shortcut}
          </Kbd>
        </UnstyledButton>
      )}
      <Modal
        opened={opened}
        onClose={palette.close}
        title="Search"
        fullScreen={isPhone}
        size="lg"
        yOffset="8dvh"
        padding="md"
        classNames={{ body: classes.modalBody }}
        closeButtonProps={{ 'aria-label': 'Close search' }}
      >
        <Suspense fallback={<Loader size="sm" m="md" aria-label="Loading search" />}>
          <SearchPalette onClose={palette.close} />
        </Suspense>
      </Modal>
    </>
  );
}
