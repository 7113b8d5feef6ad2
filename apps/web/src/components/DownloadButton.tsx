import { Anchor, Button } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import type { ReactNode } from 'react';
import { HiDownload } from 'react-icons/hi';
import { type FileRequest, useFileDownload } from '@/lib/file-download';
import { toastFailure } from '@/lib/toast';

/**
 * A file to download (an export, a timesheet): fetched with the session (a plain link would go
 * without it), saved under the server's name. A button, or a link-styled one among text
 * (`variant="link"`); it waits while the file comes, and a failure shows as a toast.
 */
export function DownloadButton({
  file,
  children,
  variant = 'button',
  label,
}: {
  file: FileRequest;
  children: ReactNode;
  variant?: 'button' | 'link';
  /** The accessible name when the visible text repeats on the page (each month's "PDF statement"). */
  label?: string;
}) {
  const download = useFileDownload();
  const start = () =>
    download.mutate(file, {
      onError: (error) => toastFailure(error.message || UI_TEXT.downloadFailed),
    });
  if (variant === 'link') {
    return (
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={start}
        disabled={download.isPending}
        aria-label={label}
      >
        {children}
      </Anchor>
    );
  }
  return (
    <Button
      variant="default"
      leftSection={<HiDownload size={18} aria-hidden />}
      loading={download.isPending}
      onClick={start}
      aria-label={label}
    >
      {children}
    </Button>
  );
}
