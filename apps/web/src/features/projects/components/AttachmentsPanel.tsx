import { ActionIcon, Button, FileButton, Group, ProgressRoot, ProgressSection, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Attachment, displayName, formatFileSize, MAX_UPLOAD_BYTES, MESSAGES } from '@smart/contracts';
import { useState } from 'react';
import { HiDownload, HiPaperClip, HiTrash, HiUpload } from 'react-icons/hi';
import { ConfirmModal } from '@/components/ConfirmModal';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { formatMoment } from '@/lib/work-format';
import { type AttachmentOwner, downloadAttachment, useRemoveAttachment, useUploadAttachment } from '../api';

interface AttachmentsPanelProps {
  owner: AttachmentOwner;
  attachments: Attachment[];
  /** The record's permissions.canAttach: the upload button. */
  canAttach: boolean;
}

/**
 * An objective's or task's files (second document, section 2): upload with a progress bar,
 * download through a short-lived signed link, remove after a confirmation.
 */
export function AttachmentsPanel({ owner, attachments, canAttach }: AttachmentsPanelProps) {
  const upload = useUploadAttachment(owner);
  const remove = useRemoveAttachment(owner);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  function send(file: File | null) {
    if (!file) return;
    upload.reset();
    setTooLarge(file.size > MAX_UPLOAD_BYTES);
    if (file.size > MAX_UPLOAD_BYTES) return;
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: MESSAGES.fileUploaded }),
    });
  }

  function download(attachment: Attachment) {
    downloadAttachment(attachment).catch((error: Error) =>
      notifications.show({ color: 'red', message: error.message || MESSAGES.downloadUrlFailed }),
    );
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
      {upload.isPending && (
        <ProgressRoot size="sm">
          <ProgressSection value={Math.round(upload.sent * 100)} animated aria-label="Upload progress" />
        </ProgressRoot>
      )}
      <FormError message={tooLarge ? MESSAGES.fileTooLarge : upload.error?.message} />
      {attachments.length === 0 ? (
        <Text c="dimmed" size="sm">
          No attachments yet
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {attachments.map((attachment) => (
            <Group key={attachment.id} component="li" gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <HiPaperClip size={16} aria-hidden style={{ flexShrink: 0 }} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end">
                    {attachment.originalName || attachment.fileName}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {formatFileSize(attachment.size)} · {displayName(attachment.uploadedBy, 'Unknown')} ·{' '}
                    {formatMoment(attachment.createdAt)}
                  </Text>
                </div>
              </Group>
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
        message={MESSAGES.confirmRemoveAttachment}
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
