import { Button, FileButton } from '@mantine/core';
import { type Attachment, displayName, formatFileSize, MAX_UPLOAD_BYTES, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiUpload } from 'react-icons/hi';
import { AttachmentList } from '@/components/AttachmentList';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { UploadProgress } from '@/components/UploadProgress';
import { toastSuccess } from '@/lib/toast';
import { formatMoment } from '@/lib/work-format';
import { type AttachmentOwner, downloadAttachment, useRemoveAttachment, useUploadAttachment } from '../api';

interface AttachmentsPanelProps {
  owner: AttachmentOwner;
  attachments: Attachment[];
  /** The record's permissions.canAttach: the upload button. */
  canAttach: boolean;
}

/**
 * An objective's or task's files: upload with a progress bar,
 * download through a short-lived signed link, remove after a confirmation.
 */
export function AttachmentsPanel({ owner, attachments, canAttach }: AttachmentsPanelProps) {
  const upload = useUploadAttachment(owner);
  const remove = useRemoveAttachment(owner);
  const [tooLarge, setTooLarge] = useState(false);

  function send(file: File | null) {
    if (!file) return;
    upload.reset();
    setTooLarge(file.size > MAX_UPLOAD_BYTES);
    if (file.size > MAX_UPLOAD_BYTES) return;
    upload.mutate(file, {
      onSuccess: () => toastSuccess(UI_TEXT.fileUploaded),
    });
  }

  return (
    <Panel
      title={`Attachments (${attachments.length})`}
      action={
        canAttach && (
          <FileButton onChange={send} disabled={upload.isPending}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<HiUpload size={16} aria-hidden />}
                loading={upload.isPending}
              >
                Upload File
              </Button>
            )}
          </FileButton>
        )
      }
    >
      {upload.isPending && <UploadProgress sent={upload.sent} />}
      <FormError message={tooLarge ? UI_TEXT.fileTooLarge : upload.error?.message} />
      <AttachmentList
        attachments={attachments}
        detail={(attachment) =>
          `${formatFileSize(attachment.size)} · ${displayName(attachment.uploadedBy, 'Unknown')} · ${formatMoment(attachment.createdAt)}`
        }
        download={downloadAttachment}
        remove={remove}
      />
    </Panel>
  );
}
