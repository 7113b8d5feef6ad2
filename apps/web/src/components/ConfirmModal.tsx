import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { MODAL_MAX_WIDTH_PX } from '@smart/contracts';

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
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title="Please confirm"
      size={MODAL_MAX_WIDTH_PX}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      centered
    >
      <Text>{message}</Text>
      {error && (
        <Alert color="red" variant="light" mt="md" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
