import { ActionIcon, CloseButton, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import {
  type Conversation,
  formatFileSize,
  MAX_MESSAGE_ATTACHMENTS,
  MAX_MESSAGE_LENGTH,
  MAX_UPLOAD_BYTES,
  MESSAGE_ATTACHMENT_ACCEPT,
  MESSAGE_ATTACHMENT_EXTENSIONS,
  UI_TEXT,
} from '@smart/contracts';
import { type KeyboardEvent, useState } from 'react';
import { HiPaperAirplane, HiPaperClip } from 'react-icons/hi';
import { MentionTextarea } from '@/components/MentionTextarea';
import { refusalLines, sortChosenFiles } from '@/lib/chosen-files';
import { useMentionDraft } from '@/lib/mentionable';
import { useTypingNotifier } from '../typing';

interface ComposerProps {
  conversation: Conversation;
  onSend: (content: string, files: File[], mentions: string[]) => void;
}

const extensionOf = (name: string) => name.toLowerCase().split('.').pop() ?? '';
const fileKey = (file: File) => `${file.name}-${file.size}-${file.lastModified}`;

/** Why a chosen file cannot go on a message (the message file types, the upload limit), or null. */
function fileRefusal(file: File): string | null {
  if (!(MESSAGE_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return UI_TEXT.messageFileNotAccepted;
  }
  if (file.size > MAX_UPLOAD_BYTES) return UI_TEXT.ticketFileTooLarge;
  return null;
}

/**
 * The composer: Enter sends, Shift+Enter makes a new line; files (images, pdf, doc,
 * docx, txt, zip, rar) go with the message. A message needs text or a file.
 */
export function Composer({ conversation, onSend }: ComposerProps) {
  const draft = useMentionDraft();
  const { text } = draft;
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const typing = useTypingNotifier(conversation.id);
  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const canSend = (text.trim() !== '' || files.length > 0) && !tooLong;

  const send = () => {
    if (!canSend) return;
    onSend(text, files, draft.mentions());
    draft.clear();
    setFiles([]);
    setProblem(null);
    typing.stopped();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method composes a word picks the word; it does not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const attach = (chosen: File[]) => {
    const sorted = sortChosenFiles(chosen, fileRefusal);
    // A file chosen twice goes once.
    const accepted = sorted.accepted.filter((file) => !files.some((added) => fileKey(added) === fileKey(file)));
    const room = MAX_MESSAGE_ATTACHMENTS - files.length;
    const tooMany = accepted.length > room ? `At most ${MAX_MESSAGE_ATTACHMENTS} files go with one message` : null;
    setProblem(refusalLines([sorted.refusal, tooMany]));
    setFiles((current) => [...current, ...accepted.slice(0, Math.max(0, room))]);
  };

  return (
    <Stack gap={6} p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      {files.length > 0 && (
        <Group gap="xs" aria-label="Files to send">
          {files.map((file) => (
            <Paper key={fileKey(file)} withBorder radius="xl" pl="sm" pr={4} py={2}>
              <Group gap={4} wrap="nowrap">
                <Text size="xs" truncate maw={180}>
                  {file.name} ({formatFileSize(file.size)})
                </Text>
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles((current) => current.filter((added) => added !== file))}
                />
              </Group>
            </Paper>
          ))}
        </Group>
      )}
      {(problem || tooLong) && (
        <Text size="xs" c="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {tooLong ? `Messages are at most ${MAX_MESSAGE_LENGTH.toLocaleString()} characters` : problem}
        </Text>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={attach} accept={MESSAGE_ATTACHMENT_ACCEPT} multiple>
          {(props) => (
            <ActionIcon {...props} variant="subtle" size="lg" aria-label="Attach files">
              <HiPaperClip size={20} aria-hidden />
            </ActionIcon>
          )}
        </FileButton>
        <MentionTextarea
          recordType="conversation"
          recordId={conversation.id}
          pickerPosition="top-start"
          aria-label="Message"
          placeholder={`Message ${conversation.title}`}
          autosize
          minRows={1}
          maxRows={6}
          style={{ flex: 1 }}
          value={text}
          error={tooLong}
          onChange={(value) => {
            draft.setText(value);
            if (value) typing.typed();
            else typing.stopped();
          }}
          onPick={draft.pick}
          onBlur={typing.stopped}
          onKeyDown={onKeyDown}
        />
        <ActionIcon size="lg" aria-label="Send" onClick={send} disabled={!canSend}>
          <HiPaperAirplane size={18} aria-hidden style={{ transform: 'rotate(90deg)' }} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
