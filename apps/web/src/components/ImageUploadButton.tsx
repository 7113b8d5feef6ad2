import { Button, FileButton, Group, Stack } from '@mantine/core';
import { INLINE_IMAGE_TYPES, isInlineImageType, UI_TEXT } from '@smart/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { HiPhotograph } from 'react-icons/hi';
import { FormError } from './FormError';

interface ImageUploadButtonProps {
  label: string;
  /** Uploads the picked image and saves its URL (e.g. as the logo or the profile image). */
  upload: UseMutationResult<unknown, Error, File>;
  onUploaded?: () => void;
  /** More buttons beside this one (e.g. 'Remove image'); the error still shows below them all. */
  children?: ReactNode;
}

/** Pick an image, check it is one a browser can show, upload it; a failure shows below the button. */
export function ImageUploadButton({ label, upload, onUploaded, children }: ImageUploadButtonProps) {
  const [error, setError] = useState<string | null>(null);

  function handleFile(file: File | null) {
    if (!file) return;
    setError(null);
    // The picker's filter can be bypassed ("All files"), so check again; the server checks content too.
    if (!isInlineImageType(file.type)) {
      setError(UI_TEXT.imageFileRequired);
      return;
    }
    upload.mutate(file, { onSuccess: onUploaded, onError: (caught) => setError(caught.message) });
  }

  return (
    <Stack gap="xs" align="flex-start">
      <Group gap="xs">
        <FileButton onChange={handleFile} accept={INLINE_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<HiPhotograph aria-hidden />}
              loading={upload.isPending}
            >
              {label}
            </Button>
          )}
        </FileButton>
        {children}
      </Group>
      <FormError message={error} py={6} />
    </Stack>
  );
}
