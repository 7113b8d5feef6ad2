import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatFileSize, MAX_UPLOAD_BYTES, MESSAGES, type TicketAttachment } from '@smart/contracts';
import { useState } from 'react';
import { HiDownload, HiPaperClip, HiTrash } from 'react-icons/hi';
import { ConfirmModal } from '@/components/ConfirmModal';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { downloadTicketAttachment, useAttachTicketFile, useRemoveTicketAttachment } from '../api';

interface TicketAttachmentsProps {
  ticketId: string;
  attachments: TicketAttachment[];
  /** Who may edit the ticket may attach to it. */
  canAttach: boolean;
}

/** Attachments (count): Attach File ('Uploading...'), each file's name, size, download and removal (section 2). */
export function TicketAttachments({ ticketId, attachments, canAttach }: TicketAttachmentsProps) {
  const attach = useAttachTicketFile(ticketId);
  const remove = useRemoveTicketAttachment(ticketId);
  const [removing, setRemoving] = useState<TicketAttachment | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  function send(file: File | null) {
    if (!file) return;
    attach.reset();
    setTooLarge(file.size > MAX_UPLOAD_BYTES);
    if (file.size > MAX_UPLOAD_BYTES) return;
    attach.mutate(file, { onSuccess: () => notifications.show({ color: 'green', message: MESSAGES.fileUploaded }) });
  }

  function download(attachment: TicketAttachment) {
    downloadTicketAttachment(attachment).catch((error: Error) =>
      notifications.show({ color: 'red', message: error.message || MESSAGES.downloadUrlFailed }),
    );
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
                {attach.isPending ? MESSAGES.uploading : 'Attach File'}
              </Button>
            )}
          </FileButton>
        )
      }
    >
      <FormError message={tooLarge ? MESSAGES.ticketFileTooLarge : attach.error?.message} />
      {attachments.length === 0 ? (
        <Text c="dimmed" size="sm">
          No attachments yet
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {attachments.map((attachment) => (
            <Group key={attachment.id} component="li" gap="sm" wrap="nowrap" justify="space-between">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end">
                  {attachment.originalName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(attachment.size)}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Download ${attachment.originalName}`}
                  onClick={() => download(attachment)}
                >
                  <HiDownload size={18} aria-hidden />
                </ActionIcon>
                {attachment.permissions.canRemove && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${attachment.originalName}`}
                    onClick={() => {
                      remove.reset();
                      setRemoving(attachment);
                    }}
                  >
                    <HiTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={removing !== null}
        message={MESSAGES.confirmRemoveTicketAttachment}
        confirmLabel="Remove"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: MESSAGES.attachmentRemoved });
              setRemoving(null);
            },
          })
        }
        onClose={() => setRemoving(null)}
      />
    </Panel>
  );
}
