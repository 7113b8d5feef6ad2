import { Group, Image, Paper, Skeleton, Stack, UnstyledButton } from '@mantine/core';
import { formatFileSize, type MessageAttachment, UI_TEXT } from '@smart/contracts';
import { useQuery } from '@tanstack/react-query';
import { FileLine } from '@/components/FileLine';
import { saveAttachedFile, signedFileUrl } from '@/lib/file-download';
import { toastFailure } from '@/lib/toast';

/** A signed link lives five minutes on the server; the thumbnail asks again before that. */
const THUMBNAIL_URL_STALE_MS = 4 * 60_000;

const isImage = (attachment: MessageAttachment) => attachment.fileType.startsWith('image/');

function save(attachment: MessageAttachment) {
  saveAttachedFile(attachment.s3Key, attachment.originalName).catch((error: Error) =>
    toastFailure(error.message || UI_TEXT.downloadUrlFailed),
  );
}

/** A message's files: images as thumbnails, the others by name and size; each saved through a signed link. */
export function MessageAttachments({
  attachments,
  onMediaLoad,
}: {
  attachments: MessageAttachment[];
  onMediaLoad: () => void;
}) {
  if (attachments.length === 0) return null;
  return (
    <Stack gap={6} mt={4} align="flex-start">
      {attachments.map((attachment) =>
        isImage(attachment) ? (
          <Thumbnail key={attachment.s3Key} attachment={attachment} onLoad={onMediaLoad} />
        ) : (
          <FileChip key={attachment.s3Key} attachment={attachment} />
        ),
      )}
    </Stack>
  );
}

function Thumbnail({ attachment, onLoad }: { attachment: MessageAttachment; onLoad: () => void }) {
  const url = useQuery({
    queryKey: ['messenger', 'file-url', attachment.s3Key],
    queryFn: () => signedFileUrl(attachment.s3Key),
    staleTime: THUMBNAIL_URL_STALE_MS,
  });
  if (url.isError) return <FileChip attachment={attachment} />;
  return (
    <UnstyledButton onClick={() => save(attachment)} aria-label={`Download ${attachment.originalName}`}>
      {url.data ? (
        <Image
          src={url.data}
          alt={attachment.originalName}
          mah={200}
          maw={280}
          w="auto"
          fit="contain"
          radius="sm"
          onLoad={onLoad}
        />
      ) : (
        <Skeleton w={200} h={140} radius="sm" />
      )}
    </UnstyledButton>
  );
}

function FileChip({ attachment }: { attachment: MessageAttachment }) {
  return (
    <Paper withBorder radius="sm" px="sm" py={6} maw="100%">
      <Group gap="sm" wrap="nowrap">
        <FileLine
          name={attachment.originalName}
          detail={formatFileSize(attachment.fileSize)}
          onDownload={() => save(attachment)}
        />
      </Group>
    </Paper>
  );
}
