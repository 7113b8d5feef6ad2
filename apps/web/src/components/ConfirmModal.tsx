import { Text } from '@mantine/core';
import { FormActions } from './FormActions';
import { FormError } from './FormError';
import { LockedModal } from './LockedModal';

interface ConfirmModalProps {
  opened: boolean;
  /** The question, e.g. MESSAGES.confirmRemoveTeam. */
  message: string;
  confirmLabel: string;
  /** True while the confirmed action runs: both buttons wait and the modal stays open. */
  busy?: boolean;
  /** Shown in a red box when the confirmed action failed. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
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
}: ConfirmModalProps) {
  return (
    <LockedModal opened={opened} busy={busy} title="Please confirm" onClose={onClose} centered>
      <Text>{message}</Text>
      <FormError message={error} mt="md" />
      <FormActions
        busy={busy}
        submitLabel={confirmLabel}
        onCancel={onClose}
        onConfirm={onConfirm}
        color="red"
        mt="lg"
      />
    </LockedModal>
  );
}
