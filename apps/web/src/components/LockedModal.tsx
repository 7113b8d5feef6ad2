import { Modal } from '@mantine/core';
import { MODAL_MAX_WIDTH_PX } from '@smart/contracts';
import type { ReactNode } from 'react';

interface LockedModalProps {
  opened: boolean;
  /** True while the modal's request runs: no way of closing it works until it settles. */
  busy: boolean;
  title: string;
  onClose: () => void;
  centered?: boolean;
  children: ReactNode;
}

/**
 * The app's modal shell. It stays open while busy, so a request is never cut off half-way, and
 * mounts its content only while opened, so each opening starts from fresh form state.
 */
export function LockedModal({ opened, busy, title, onClose, centered, children }: LockedModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={title}
      size={MODAL_MAX_WIDTH_PX}
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
