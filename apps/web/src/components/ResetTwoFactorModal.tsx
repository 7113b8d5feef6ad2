import { displayName, UI_TEXT, type User } from '@smart/contracts';
import { toastSuccess } from '@/lib/toast';
import { useResetTwoFactor } from '@/lib/two-factor-reset';
import { ConfirmModal } from './ConfirmModal';

interface ResetTwoFactorModalProps {
  person: User;
  onClose: () => void;
  /** Refreshes the list the person is shown in. */
  onReset: () => unknown;
}

/** An admin's reset of someone's two-factor sign-in, after a confirmation. Mounted while open. */
export function ResetTwoFactorModal({ person, onClose, onReset }: ResetTwoFactorModalProps) {
  const reset = useResetTwoFactor(onReset);
  return (
    <ConfirmModal
      opened
      message={`Reset the two-factor sign-in of ${displayName(person)}? ${UI_TEXT.resetTwoFactorExplained}`}
      confirmLabel="Reset two-factor"
      busy={reset.isPending}
      error={reset.error?.message ?? null}
      onConfirm={() =>
        reset.mutate(person.id, {
          onSuccess: () => {
            toastSuccess(UI_TEXT.twoFactorResetDone);
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
}
