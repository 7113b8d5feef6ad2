import { Modal, type ModalProps } from '@mantine/core';
import { MODAL_MAX_WIDTH_PX } from '@smart/contracts';
import type { ReactNode } from 'react';
import { useFocusReturnWhenMountedOpen } from '@/lib/focus-return';

interface LockedModalProps {
  opened: boolean;
  /** True while the modal's request runs: no way of closing it works until it settles. */
  busy: boolean;
  title: string;
  onClose: () => void;
  centered?: boolean;
  /** The app's modal width unless a modal needs more room (a table). */
  size?: ModalProps['size'];
  /** The whole screen (a phone's, for a wide content). */
  fullScreen?: boolean;
  children: ReactNode;
}

/**
 * The app's modal shell. It stays open while busy, so a request is never cut off half-way, and
 * mounts its content only while opened, so each opening starts from fresh form state. Closing gives
 * focus back to what opened it, also when the modal was mounted open and unmounts to close.
 */
export function LockedModal({
  opened,
  busy,
  title,
  onClose,
  centered,
  size = MODAL_MAX_WIDTH_PX,
  fullScreen = false,
  children,
}: LockedModalProps) {
  useFocusReturnWhenMountedOpen(opened);
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={title}
      size={size}
      fullScreen={fullScreen}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered={centered}
    >
      {opened && children}
    </Modal>
  );
}
