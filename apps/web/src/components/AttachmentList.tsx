import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiTrash } from 'react-icons/hi';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { ConfirmModal } from './ConfirmModal';
import { FileLine } from './FileLine';

export interface ListedAttachment {
  id: string;
  originalName: string;
  permissions: { canRemove: boolean };
}

/** The removal mutation of the record's attachments (by attachment id). */
interface RemoveAttachment {
  mutate: (attachmentId: string, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: Error | null;
}

interface AttachmentListProps<T extends ListedAttachment> {
  attachments: T[];
  /** The dimmed line under a file's name (its size, who added it, when). */
  detail: (attachment: T) => string;
  /** Fetches the signed link and saves the file. */
  download: (attachment: T) => Promise<void>;
  remove: RemoveAttachment;
}

/**
 * A record's files (objectives, tasks, tickets): name and detail, a download button, and a remove
 * button where the server allows it, which asks first.
 */
export function AttachmentList<T extends ListedAttachment>({
  attachments,
  detail,
  download,
  remove,
}: AttachmentListProps<T>) {
  const [removing, setRemoving] = useState<T | null>(null);

  function save(attachment: T) {
    download(attachment).catch((error: Error) => toastFailure(error.message || UI_TEXT.downloadUrlFailed));
  }

  return (
    <>
      {attachments.length === 0 ? (
        <Text c="dimmed" size="sm">
          No attachments yet
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {attachments.map((attachment) => (
            <Group key={attachment.id} component="li" gap="sm" wrap="nowrap" justify="space-between">
              <FileLine
                name={attachment.originalName}
                detail={detail(attachment)}
                onDownload={() => save(attachment)}
                actions={
                  attachment.permissions.canRemove && (
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
                  )
                }
              />
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={removing !== null}
        message={UI_TEXT.confirmRemoveAttachment}
        confirmLabel="Remove"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toastSuccess(UI_TEXT.attachmentRemoved);
              setRemoving(null);
            },
          })
        }
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
