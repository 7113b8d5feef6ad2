import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFileDownload } from '@/lib/file-download';
import { showOrUpdateToast } from '@/lib/toast';

interface DownloadLinkProps extends AnchorProps {
  /** The file's same-origin address (an endpoint's URL). */
  href: string;
  /** Shown when the download fails without a message of the server's. */
  failMessage: string;
  'aria-label'?: string;
  children: ReactNode;
}

/** The file name a link's address ends with ("/api/time-entries/timesheet.pdf?…" → "timesheet.pdf"). */
const fileNameOf = (href: string) => href.split('?')[0]?.split('/').at(-1) ?? 'download';

/**
 * A link to a file the API makes (a CSV, a PDF statement) among text. It is a real link to the
 * file's address, but a click fetches the file with the session's token (which a plain link cannot
 * send) and saves it under the server's name (lib/file-download.ts); a failure shows as a toast.
 */
export function DownloadLink({ href, failMessage, children, ...anchor }: DownloadLinkProps) {
  const download = useFileDownload();
  return (
    <Anchor
      {...anchor}
      href={href}
      download
      aria-busy={download.isPending || undefined}
      onClick={(event) => {
        event.preventDefault();
        if (download.isPending) return;
        download.mutate(
          { url: href, fileName: fileNameOf(href) },
          {
            onError: (error) =>
              showOrUpdateToast({ id: 'download', color: 'red', message: error.message || failMessage }),
          },
        );
      }}
    >
      {children}
    </Anchor>
  );
}
