import { type ApiTokenRecord, confirmRevokeApiTokenMessage, UI_TEXT } from '@smart/contracts';
import { ConfirmModal } from '@/components/ConfirmModal';
import { toastSuccess } from '@/lib/toast';
import { useRevokeToken } from '../api';

/** Revoke, after a question naming the token: it stops at once, for good. */
export function RevokeTokenModal({ token, onClose }: { token: ApiTokenRecord | null; onClose: () => void }) {
  const revoke = useRevokeToken();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={token !== null}
      message={token ? confirmRevokeApiTokenMessage(token.name) : ''}
      confirmLabel="Revoke token"
      busy={revoke.isPending}
      error={revoke.error?.message}
      onConfirm={() =>
        token &&
        revoke.mutate(token.id, {
          onSuccess: () => {
            toastSuccess(UI_TEXT.apiTokenRevoked);
            close();
          },
        })
      }
      onClose={close}
    />
  );
}
