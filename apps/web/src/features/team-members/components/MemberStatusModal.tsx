import { displayName, UI_TEXT, type User } from '@smart/contracts';
import { ConfirmModal } from '@/components/ConfirmModal';
import { toastSuccess } from '@/lib/toast';
import { type MemberStatusChange, useChangeMemberStatus } from '../api';

/** What each change asks and says: deactivation (red: the member loses access) and reactivation. */
const WORDING = {
  deactivate: {
    action: 'Deactivate',
    explained: UI_TEXT.deactivateMemberExplained,
    done: UI_TEXT.memberDeactivated,
    destructive: true,
  },
  reactivate: {
    action: 'Reactivate',
    explained: UI_TEXT.reactivateMemberExplained,
    done: UI_TEXT.memberReactivated,
    destructive: false,
  },
} as const;

interface MemberStatusModalProps {
  member: User;
  change: MemberStatusChange;
  organizationId: string;
  onClose: () => void;
}

/**
 * Asks before deactivating (DELETE /api/users/:id: the account can no longer sign in, its records
 * are kept) or reactivating a member (POST /api/users/:id/reactivate). Mounted while open.
 */
export function MemberStatusModal({ member, change, organizationId, onClose }: MemberStatusModalProps) {
  const mutation = useChangeMemberStatus(organizationId);
  const wording = WORDING[change];

  function confirm() {
    mutation.mutate(
      { userId: member.id, change },
      {
        onSuccess: () => {
          toastSuccess(wording.done);
          onClose();
        },
      },
    );
  }

  return (
    <ConfirmModal
      opened
      message={`${wording.action} ${displayName(member)}? ${wording.explained}`}
      confirmLabel={wording.action}
      destructive={wording.destructive}
      busy={mutation.isPending}
      error={mutation.error?.message ?? null}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
