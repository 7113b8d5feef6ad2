import { Button, FileButton } from '@mantine/core';
import { formatFileSize, MAX_UPLOAD_BYTES, type TicketAttachment, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiPaperClip } from 'react-icons/hi';
import { AttachmentList } from '@/components/AttachmentList';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { toastSuccess } from '@/lib/toast';
import { downloadTicketAttachment, useAttachTicketFile, useRemoveTicketAttachment } from '../api';

interface TicketAttachmentsProps {
  ticketId: string;
  attachments: TicketAttachment[];
  /** Who may edit the ticket may attach to it. */
  canAttach: boolean;
}

/** Attachments (count): Attach File ('Uploading...'), each file's name, size, download and removal. */
export function TicketAttachments({ ticketId, attachments, canAttach }: TicketAttachmentsProps) {
  const attach = useAttachTicketFile(ticketId);
  const remove = useRemoveTicketAttachment(ticketId);
  const [tooLarge, setTooLarge] = useState(false);

  function send(file: File | null) {
    if (!file) return;
    attach.reset();
    setTooLarge(file.size > MAX_UPLOAD_BYTES);
    if (file.size > MAX_UPLOAD_BYTES) return;
    attach.mutate(file, { onSuccess: () => toastSuccess(UI_TEXT.fileUploaded) });
  }

  return (
    <Panel
      title={`Attachments (${attachments.length})`}
      action={
        canAttach && (
          <FileButton onChange={send} disabled={attach.isPending}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<HiPaperClip size={16} aria-hidden />}
                disabled={attach.isPending}
              >
                {attach.isPending ? UI_TEXT.uploading : 'Attach File'}
              </Button>
            )}
          </FileButton>
        )
      }
    >
      <FormError message={tooLarge ? UI_TEXT.ticketFileTooLarge : attach.error?.message} />
      <AttachmentList
        attachments={attachments}
        detail={(attachment) => formatFileSize(attachment.size)}
        download={downloadTicketAttachment}
        remove={remove}
      />
    </Panel>
  );
}
