import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormActions } from './FormActions';
import { FormError } from './FormError';
import { LockedModal } from './LockedModal';

interface ConfirmModalProps {
  opened: boolean;
  /** The question, e.g. UI_TEXT.confirmRemoveTeam. */
  message: string;
  confirmLabel: string;
  /** True while the confirmed action runs: both buttons wait and the modal stays open. */
  busy?: boolean;
  /** Shown in a red box when the confirmed action failed. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** False for an action that undoes nothing (e.g. reopening): the button takes the theme's colour, not red. */
  destructive?: boolean;
  /** Choices that go with the question (which of a repeating task's tasks to delete). */
  children?: ReactNode;
}

/** An in-app confirmation (never window.confirm): Cancel, or a red button naming the action. */
export function ConfirmModal({
  opened,
  message,
  confirmLabel,
  busy = false,
  error,
  onConfirm,
  onClose,
  destructive = true,
  children,
}: ConfirmModalProps) {
  return (
    <LockedModal opened={opened} busy={busy} title="Please confirm" onClose={onClose} centered>
      <Text>{message}</Text>
      {children}
      <FormError message={error} mt="md" />
      <FormActions
        busy={busy}
        submitLabel={confirmLabel}
        onCancel={onClose}
        onConfirm={onConfirm}
        color={destructive ? 'red' : undefined}
        mt="lg"
      />
    </LockedModal>
  );
}
