import { Alert, Button, FileButton, Stack } from '@mantine/core';
import { INLINE_IMAGE_TYPES, isInlineImageType, MESSAGES } from '@smart/contracts';
import { useState } from 'react';
import { HiPhotograph } from 'react-icons/hi';
import { useUploadOrganizationLogo } from '../api';

/** 'Upload Logo': pick an image, upload it, save its URL as the organization's logo. */
export function LogoUpload({ organizationId }: { organizationId: string }) {
  const upload = useUploadOrganizationLogo(organizationId);
  const [error, setError] = useState<string | null>(null);

  function handleFile(file: File | null) {
    if (!file) return;
    setError(null);
    // The picker's filter can be bypassed ("All files"), so check again; the server checks content too.
    if (!isInlineImageType(file.type)) {
      setError(MESSAGES.imageFileRequired);
      return;
    }
    upload.mutate(file, { onError: (caught) => setError(caught.message) });
  }

  return (
    <Stack gap="xs" align="flex-start">
      <FileButton onChange={handleFile} accept={INLINE_IMAGE_TYPES.join(',')}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="xs"
            leftSection={<HiPhotograph aria-hidden />}
            loading={upload.isPending}
          >
            Upload Logo
          </Button>
        )}
      </FileButton>
      {error && (
        <Alert color="red" variant="light" role="alert" py={6}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
