import { fileEndpoints, UI_TEXT } from '@smart/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, apiDownload } from './api-client';

/**
 * A file attached to a record (a task, a ticket, a message) is read through a signed link that the
 * server gives only to someone who may read the record, for a few minutes.
 */
export async function signedFileUrl(key: string): Promise<string> {
  const { downloadUrl } = await api(
    fileEndpoints.downloadLink,
    { params: { key } },
    { failMessage: UI_TEXT.downloadUrlFailed },
  );
  return downloadUrl;
}

/** Saves an attached file under its original name: a same-origin link with `download` does that for any type. */
export async function saveAttachedFile(key: string, name: string): Promise<void> {
  const link = document.createElement('a');
  link.href = await signedFileUrl(key);
  link.download = name || key;
  link.click();
}

/** A file a GET call makes: its address (urlOf's), and the name to save under when the answer names none. */
export interface FileRequest {
  url: string;
  fileName: string;
}

/**
 * Downloads a file an endpoint makes (a CSV export, a timesheet) with the session's token, and
 * saves it; `isPending` while it comes, the failure's message in `error`.
 */
export function useFileDownload() {
  return useMutation({
    mutationFn: ({ url, fileName }: FileRequest) => apiDownload(url, fileName, { failMessage: UI_TEXT.downloadFailed }),
  });
}
