import { Stack, Text, TextInput } from '@mantine/core';
import { type Organization, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useOrganizationAccountAction } from '../api';

interface CloseOrganizationModalProps {
  organization: Organization;
  onClose: () => void;
  /** After the server closed it; the caller decides what follows (its own people are signed out). */
  onClosed: () => void;
}

/**
 * 'Close Organization Account' (mounted while open): the red button stays disabled until the
 * organization's name is typed exactly, so the account is never closed by a stray click.
 */
export function CloseOrganizationModal({ organization, onClose, onClosed }: CloseOrganizationModalProps) {
  const closeAccount = useOrganizationAccountAction(organization.id, 'close');
  const [typedName, setTypedName] = useState('');
  const matches = typedName.trim() === organization.name;

  return (
    <LockedModal opened busy={closeAccount.isPending} title="Close Organization Account" onClose={onClose}>
      <Stack gap="md">
        <Text>
          Close <strong>{organization.name}</strong>? {UI_TEXT.closeOrganizationExplained}
        </Text>
        <TextInput
          label="Type the organization's name to confirm"
          placeholder={organization.name}
          value={typedName}
          onChange={(event) => setTypedName(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <FormError message={closeAccount.error?.message} />
        <FormActions
          busy={closeAccount.isPending}
          submitLabel="Close Organization Account"
          busyLabel="Closing..."
          submitDisabled={!matches}
          disabledHint="Type the name exactly as shown."
          onCancel={onClose}
          onConfirm={() => closeAccount.mutate(undefined, { onSuccess: onClosed })}
          color="red"
        />
      </Stack>
    </LockedModal>
  );
}
