import { Anchor, type AnchorProps } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { downloadFile } from '@/lib/api-client';
import { showOrUpdateToast } from '@/lib/toast';

interface DownloadLinkProps extends AnchorProps {
  /** The file's same-origin address (an endpoint's URL). */
  href: string;
  /** Shown when the download fails without a message of the server's. */
  failMessage: string;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A link to a file the API makes (a CSV, a PDF statement). It is a real link to the file's address,
 * but a click fetches the file with the session's token (which a plain link cannot send) and saves
 * it; a failure shows as a toast.
 */
export function DownloadLink({ href, failMessage, children, ...anchor }: DownloadLinkProps) {
  const save = useMutation({
    mutationFn: () => downloadFile(href, { failMessage }),
    onError: (error) => showOrUpdateToast({ id: 'download', color: 'red', message: error.message }),
  });
  return (
    <Anchor
      {...anchor}
      href={href}
      download
      aria-busy={save.isPending || undefined}
      onClick={(event) => {
        event.preventDefault();
        if (!save.isPending) save.mutate();
      }}
    >
      {children}
    </Anchor>
  );
}
