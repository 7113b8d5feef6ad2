import { notifications } from '@mantine/notifications';
import { displayName, MESSAGES, type User } from '@smart/contracts';
import { ConfirmModal } from '@/components/ConfirmModal';
import { useDeactivateMember } from '../api';

interface DeactivateMemberModalProps {
  member: User;
  organizationId: string;
  onClose: () => void;
}

/** Asks before DELETE /api/users/:id, which deactivates the account (records are kept). Mounted while open. */
export function DeactivateMemberModal({ member, organizationId, onClose }: DeactivateMemberModalProps) {
  const deactivate = useDeactivateMember(organizationId);

  function confirm() {
    deactivate.mutate(member.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MESSAGES.memberDeactivated });
        onClose();
      },
    });
  }

  return (
    <ConfirmModal
      opened
      message={`Deactivate ${displayName(member)}? ${MESSAGES.deactivateMemberExplained}`}
      confirmLabel="Deactivate"
      busy={deactivate.isPending}
      error={deactivate.error?.message ?? null}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
