import { Alert, Stack, TextInput } from '@mantine/core';
import { type Organization, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiExclamation } from 'react-icons/hi';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { useEraseOrganization } from '../api';

interface EraseOrganizationModalProps {
  organization: Organization;
  onClose: () => void;
  /** After the server accepted the erasure (it runs in the background). */
  onErased: () => void;
}

/**
 * 'Erase now' (an admin's, decision 0265): the red button stays disabled until the organization's
 * name is typed, as the server compares it (case and surrounding spaces aside).
 */
export function EraseOrganizationModal({ organization, onClose, onErased }: EraseOrganizationModalProps) {
  const erase = useEraseOrganization(organization.id);
  const [typedName, setTypedName] = useState('');
  const matches = typedName.trim().toLowerCase() === organization.name.trim().toLowerCase();

  return (
    <LockedModal opened busy={erase.isPending} title={UI_TEXT.eraseOrganizationTitle} onClose={onClose}>
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<HiExclamation aria-hidden />} title={`Erase ${organization.name}?`}>
          {UI_TEXT.eraseOrganizationWarning}
        </Alert>
        <TextInput
          label={UI_TEXT.eraseOrganizationTypeName}
          placeholder={organization.name}
          value={typedName}
          onChange={(event) => setTypedName(event.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <FormError message={erase.error?.message} />
        <FormActions
          busy={erase.isPending}
          submitLabel="Erase for good"
          busyLabel="Erasing..."
          submitDisabled={!matches}
          disabledHint="Type the name exactly as shown."
          onCancel={onClose}
          onConfirm={() => erase.mutate(typedName, { onSuccess: onErased })}
          color="red"
        />
      </Stack>
    </LockedModal>
  );
}
